// The state a sequence's generation keeps (the records it made, the lists it read, the steps that
// follow others) and what every move takes from it: a resource to create, a body from the
// document's schema (values.ts), a record to be about, a reference to a record of a type.
import { Coverage } from './coverage.ts';
import { Prng } from './prng.ts';
import { ENTITY_TYPES, type Resource, type ResourceName, resourceOfPrefix, RESOURCES } from './resources.ts';
import { isRef, OWNER_REF, type Ref, type Step } from './step.ts';
import { type ValueContext, valueFor } from './values.ts';

/** A record the sequence made; `links`: the run's records its creates and changes named (a lead's contact, a note's lead). */
export type Made = {
  ref: number;
  resource: ResourceName;
  deleted: boolean;
  links: Set<number>;
  body: Record<string, unknown>;
  tagName?: string;
  /** The record it belongs to (a delivery's webhook). */
  parent?: number;
};

/** A tag's name as the catalog keeps it (spec 2.5: trimmed, inner spaces folded). */
export function tagNameOf(sent: unknown): string | undefined {
  return typeof sent === 'string' ? sent.trim().replace(/\s+/g, ' ') : undefined;
}

/** The run's records a body names. */
export function refsIn(body: Record<string, unknown> | undefined): number[] {
  return Object.values(body ?? {}).flatMap((value) => (isRef(value) && value.ref !== OWNER_REF && !value.unknown ? [value.ref] : []));
}

/** What both sides have that a sequence may use (sequence.ts: `count` steps from `seed`, the marker in every name they write). */
export type SequenceOptions = {
  /** Both sides have the fields of custom-fields.ts. */
  custom?: boolean;
  /** Where webhooks point (the run's receiver, which the target delivers to); none: no webhook is made. */
  webhookUrl?: string | undefined;
  /** Both sides have the conversations of conversations.ts (a mock target), under these references. */
  conversations?: readonly number[];
};

/** What a sequence's generation keeps from one step to the next. */
export type Generation = {
  readonly made: Made[];
  readonly lists: Step[];
  /** What follows a delete or a restore soon after: a read of the record, a change of it, or its list. */
  readonly followUps: ((id: number) => Step)[];
  /** Reads that follow a step for certain: the records whose derived values it may have changed (a contact's open leads after its lead moved). */
  readonly derivedReads: ((id: number) => Step)[];
  readonly prng: Prng;
  readonly coverage: Coverage;
  /** Whether a record has been given a long history yet (#longHistory: once a run). */
  historyBuilt: boolean;
  readonly values: ValueContext;
};

/** The state a generation starts from: the workspace's conversations (conversations.ts) as records it may use. */
export function newGeneration(prng: Prng, marker: string, options: SequenceOptions): Generation {
  const coverage = new Coverage(prng);
  const made: Made[] = [];
  const tagNames = () => made.flatMap((record) => (record.tagName && !record.deleted ? [record.tagName] : []));
  const { webhookUrl } = options;
  const custom = options.custom ?? false;
  const values = { prng, coverage, marker, custom, webhookUrl, refOf: (prefix: string) => refOfPrefix(g, prefix), tagNames };
  const g: Generation = { made, lists: [], followUps: [], derivedReads: [], prng, coverage, historyBuilt: false, values };
  for (const ref of options.conversations ?? []) made.push({ ref, resource: 'conversation', deleted: false, links: new Set(), body: {} });
  return g;
}

/** A note or a task needs a record to be about; a tag, a contact or a product needs none. */
export function creatable(g: Generation, fits: (resource: Resource) => boolean = () => true): Resource {
  const about = g.made.some((made) => !made.deleted && ENTITY_TYPES.includes(made.resource));
  const made = (resource: Resource) =>
    resource.madeWhen === undefined || (resource.madeWhen === 'receiver' && g.values.webhookUrl !== undefined);
  return g.prng.pick(RESOURCES.filter((resource) => made(resource) && fits(resource) && (about || resource.name !== 'note')));
}

export function bodyOf(g: Generation, route: string, properties: Record<string, any>, names: string[]): Record<string, unknown> {
  const entries = names
    .filter((name) => name in properties && !['entity_type', 'entity_id'].includes(name))
    .map((name) => [name, valueFor(name, properties[name], g.values, route)] as const);
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
}

/** `entity_type` and `entity_id` of a record the run made (a note must have one; a task may); now and then one in the trash (2.1: 410). */
export function entityFields(g: Generation, required: boolean): Record<string, unknown> {
  const trashedToo = g.prng.chance(0.1);
  const about = g.made.filter((made) => (trashedToo || !made.deleted) && ENTITY_TYPES.includes(made.resource));
  if (!about.length || (!required && g.prng.chance(0.5))) return {};
  const chosen = g.prng.pick(about);
  return { entity_type: chosen.resource, entity_id: { ref: chosen.ref } };
}

export function refOfPrefix(g: Generation, prefix: string): Ref | undefined {
  const resource = resourceOfPrefix(prefix)?.name;
  const candidates = g.made.filter((made) => made.resource === resource && !made.deleted);
  return candidates.length && g.prng.chance(0.6) ? { ref: g.prng.pick(candidates).ref } : undefined;
}
