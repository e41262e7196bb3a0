// A sequence of calls, generated from a seed: creates whose ids (and cursors) later calls take by
// reference to the step that made them, so that the same sequence runs against the target and the
// oracle (each resolving a reference to its own id) and a shorter one can be cut from it.
import { allowsNull, bodySchemaOf } from './document-schemas.ts';
import { Coverage } from './coverage.ts';
import { refusedCustom } from './custom-fields.ts';
import { filtersOf } from './list-filters.ts';
import { isQueryable, queryEntityOf, queryStep } from './query-moves.ts';
import { Prng } from './prng.ts';
import { ENTITY_TYPES, RESOURCES, resourceNamed, resourceOfPrefix, type Resource, type ResourceName } from './resources.ts';
import { pastBound, valueFor, wrongTypeFor, type ValueContext } from './values.ts';

/** The id a step made (its `creates`), or an id of that type no record has (`unknown`: an invalid variant). */
export type Ref = { ref: number; unknown?: true };

/**
 * The workspace's owner (spec 2.7: one per workspace), the one member a run may name: tasks made
 * with a key need an assignee (crmkit's reading of 4.10). Each side reads its own from its members.
 */
export const OWNER_REF = -1_000_000;
/** The next page's cursor of the list a step read. */
export type CursorOf = { cursorOf: number };
/** The won or lost stage of the pipeline a lead (made by step `stageOf`) is in: each side reads its own pipeline. */
export type StageOf = { stageOf: number; type: 'won' | 'lost' };

export type Variant = 'valid' | 'unknown-id' | 'missing-required' | 'wrong-type' | 'over-limit' | 'unknown-field' | 'other-workspace';

/** What a step does, and how often (out of the weights' total) once the run has two live records. */
type Move =
  | 'create'
  | 'read'
  | 'update'
  | 'edits'
  | 'remove'
  | 'restore'
  | 'list'
  | 'next-page'
  | 'timeline'
  | 'merge-tags'
  | 'query'
  | 'people'
  | 'action'
  | 'deliveries'
  | 'unknown-id'
  | 'missing-required'
  | 'over-limit'
  | 'wrong-type'
  | 'unknown-field'
  | 'other-workspace';
const MOVES: [Move, number][] = [
  ['create', 20],
  ['read', 11],
  ['update', 12],
  ['edits', 4],
  ['remove', 7],
  ['restore', 6],
  ['list', 10],
  ['next-page', 5],
  ['timeline', 4],
  ['merge-tags', 2],
  ['query', 4],
  ['people', 1],
  ['action', 3],
  ['deliveries', 2],
  ['unknown-id', 5],
  ['missing-required', 4],
  ['over-limit', 4],
  ['wrong-type', 3],
  ['unknown-field', 3],
  ['other-workspace', 5],
];
/** How many notes the one long history of a run holds: past 100, the largest page a server may wrongly cap at. */
const LONG_HISTORY = 110;
const MOVE_WEIGHTS = { moves: MOVES, total: MOVES.reduce((sum, [, weight]) => sum + weight, 0) };

export type Step = {
  /** Its place in the generated sequence; references name it, so it stays when steps around it are cut. */
  id: number;
  operationId: string;
  /** Path parameters: a reference, or a literal (a query's entity). */
  params: Record<string, Ref | string>;
  query: Record<string, string | Ref | CursorOf>;
  body?: Record<string, unknown>;
  /** The resource a create makes (its answer's `id` is this step's reference). */
  creates?: ResourceName;
  variant: Variant;
  /** Sent as a second workspace (spec 1: it must not see, change or delete the run's records). */
  as?: 'other-workspace';
};

/** A record the sequence made; `links`: the run's records its creates and changes named (a lead's contact, a note's lead). */
type Made = {
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
function tagNameOf(sent: unknown): string | undefined {
  return typeof sent === 'string' ? sent.trim().replace(/\s+/g, ' ') : undefined;
}

/** The run's records a body names. */
function refsIn(body: Record<string, unknown> | undefined): number[] {
  return Object.values(body ?? {}).flatMap((value) => (isRef(value) && value.ref !== OWNER_REF && !value.unknown ? [value.ref] : []));
}

export function isRef(value: unknown): value is Ref {
  return typeof value === 'object' && value !== null && typeof (value as Ref).ref === 'number';
}

export function isStageOf(value: unknown): value is StageOf {
  return typeof value === 'object' && value !== null && typeof (value as StageOf).stageOf === 'number';
}

export function isCursorOf(value: unknown): value is CursorOf {
  return typeof value === 'object' && value !== null && typeof (value as CursorOf).cursorOf === 'number';
}

/** The steps a step takes references from. */
export function dependenciesOf(step: Step): number[] {
  return [...Object.values(step.params), ...Object.values(step.query), step.body].flatMap(referencesIn);
}

/** The steps a value takes references from, however deep (a query's conditions). */
function referencesIn(value: unknown): number[] {
  if (isRef(value)) return value.ref === OWNER_REF ? [] : [value.ref];
  if (isCursorOf(value)) return [value.cursorOf];
  if (isStageOf(value)) return [value.stageOf];
  if (Array.isArray(value)) return value.flatMap(referencesIn);
  return value && typeof value === 'object' ? Object.values(value).flatMap(referencesIn) : [];
}

/** `count` steps from `seed`; the marker goes into every name the steps write. */
export type SequenceOptions = {
  /** Both sides have the fields of custom-fields.ts. */
  custom?: boolean;
  /** Where webhooks point (the run's receiver, which the target delivers to); none: no webhook is made. */
  webhookUrl?: string | undefined;
  /** Both sides have the conversations of conversations.ts (a mock target), under these references. */
  conversations?: readonly number[];
};

export function generateSequence(seed: number, count: number, marker: string, options: SequenceOptions = {}): Step[] {
  const generator = new Generator(new Prng(seed), marker, options);
  return Array.from({ length: count }, (_, id) => generator.step(id));
}

class Generator {
  readonly #made: Made[] = [];
  readonly #lists: Step[] = [];
  /** What follows a delete or a restore soon after: a read of the record, a change of it, or its list. */
  readonly #followUps: ((id: number) => Step)[] = [];
  /** Reads that follow a step for certain: the records whose derived values it may have changed (a contact's open leads after its lead moved). */
  readonly #derivedReads: ((id: number) => Step)[] = [];
  readonly #prng: Prng;
  readonly #coverage: Coverage;
  /** Whether a record has been given a long history yet (#longHistory: once a run). */
  #historyBuilt = false;
  readonly #values: ValueContext;

  constructor(prng: Prng, marker: string, options: SequenceOptions) {
    this.#prng = prng;
    this.#coverage = new Coverage(prng);
    const tagNames = () => this.#made.flatMap((made) => (made.tagName && !made.deleted ? [made.tagName] : []));
    const { webhookUrl } = options;
    const custom = options.custom ?? false;
    this.#values = { prng, coverage: this.#coverage, marker, custom, webhookUrl, refOf: (prefix) => this.#refOfPrefix(prefix), tagNames };
    for (const ref of options.conversations ?? [])
      this.#made.push({ ref, resource: 'conversation', deleted: false, links: new Set(), body: {} });
  }

  step(id: number): Step {
    const derived = this.#derivedReads.shift();
    if (derived) return derived(id);
    const next = this.#followUps.shift();
    if (next && this.#prng.chance(0.6)) return next(id);
    const live = this.#made.filter((made) => !made.deleted);
    // Two records of the run's own first (the workspace's conversations of conversations.ts are there from the start).
    if (live.filter((made) => made.ref >= 0).length < 2) return this.#create(id);
    let roll = this.#prng.next() * MOVE_WEIGHTS.total;
    const move = MOVE_WEIGHTS.moves.find(([, weight]) => (roll -= weight) < 0)?.[0] ?? 'create';
    return this.#move(move, id, live);
  }

  #move(move: Move, id: number, live: Made[]): Step {
    const any = () => this.#prng.pick(this.#made);
    const alive = () => this.#prng.pick(live);
    switch (move) {
      case 'create':
        return this.#create(id);
      case 'read':
        return this.#read(id, any());
      // A change of a record in the trash now and then: refused (410), and it stays as it was.
      case 'update':
        return this.#update(id, this.#prng.chance(0.15) ? any() : alive());
      case 'edits':
        return this.#edits(id, live);
      case 'remove':
        return this.#remove(id, alive());
      case 'restore':
        return this.#restore(id);
      case 'list':
        return this.#list(id);
      case 'next-page':
        return this.#lists.length ? this.#nextPage(id) : this.#list(id);
      case 'timeline':
        return this.#timeline(id);
      case 'merge-tags':
        return this.#mergeTags(id);
      case 'query':
        return this.#query(id);
      case 'people':
        return this.#people(id);
      case 'action':
        return this.#action(id, live);
      case 'deliveries':
        return this.#deliveries(id);
      case 'unknown-id':
        return this.#unknownId(id);
      case 'missing-required':
        return this.#missingRequired(id);
      case 'over-limit':
        return this.#overLimit(id, alive());
      case 'wrong-type':
        return this.#wrongType(id, alive());
      case 'unknown-field':
        return this.#unknownField(id, alive());
      case 'other-workspace':
        return this.#otherWorkspace(id);
    }
  }

  #create(id: number, resource = this.#creatable(), about?: Made): Step {
    const body: Record<string, unknown> = {
      ...this.#createBody(resource),
      ...(about ? { entity_type: about.resource, entity_id: { ref: about.ref } } : {}),
    };
    const tagName = resource.name === 'tag' ? tagNameOf(body.name) : undefined;
    // About a record in the trash, it is refused (2.1: 410) and never made: no later step counts on it.
    const aboutTrashed = refsIn(body).some((ref) => this.#made.find((made) => made.ref === ref)?.deleted);
    this.#made.push({
      ref: id,
      resource: resource.name,
      deleted: aboutTrashed,
      links: new Set(refsIn(body)),
      body,
      ...(tagName ? { tagName } : {}),
    });
    return { id, operationId: resource.create, params: {}, query: {}, body, creates: resource.name, variant: 'valid' };
  }

  /** A note or a task needs a record to be about; a tag, a contact or a product needs none. */
  #creatable(fits: (resource: Resource) => boolean = () => true): Resource {
    const about = this.#made.some((made) => !made.deleted && ENTITY_TYPES.includes(made.resource));
    const made = (resource: Resource) =>
      resource.madeWhen === undefined || (resource.madeWhen === 'receiver' && this.#values.webhookUrl !== undefined);
    return this.#prng.pick(RESOURCES.filter((resource) => made(resource) && fits(resource) && (about || resource.name !== 'note')));
  }

  #createBody(resource: Resource): Record<string, unknown> {
    const { properties, required } = bodySchemaOf(resource.create);
    // Now and then a record with every property its create takes (a state where every field beside a later change holds a value).
    const some = this.#prng.chance(0.2) ? Object.keys(properties) : this.#prng.some(Object.keys(properties));
    const wanted = new Set([...required, ...(resource.createWith ?? []), ...some]);
    const body = this.#bodyOf(resource.create, properties, [...wanted]);
    if ('entity_type' in properties) Object.assign(body, this.#entity(resource.name === 'note'));
    return body;
  }

  #bodyOf(route: string, properties: Record<string, any>, names: string[]): Record<string, unknown> {
    const entries = names
      .filter((name) => name in properties && !['entity_type', 'entity_id'].includes(name))
      .map((name) => [name, valueFor(name, properties[name], this.#values, route)] as const);
    return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
  }

  /** `entity_type` and `entity_id` of a record the run made (a note must have one; a task may); now and then one in the trash (2.1: 410). */
  #entity(required: boolean): Record<string, unknown> {
    const trashedToo = this.#prng.chance(0.1);
    const about = this.#made.filter((made) => (trashedToo || !made.deleted) && ENTITY_TYPES.includes(made.resource));
    if (!about.length || (!required && this.#prng.chance(0.5))) return {};
    const chosen = this.#prng.pick(about);
    return { entity_type: chosen.resource, entity_id: { ref: chosen.ref } };
  }

  #read(id: number, made: Made): Step {
    const resource = resourceNamed(made.resource);
    if (!resource.read) return resource.list ? this.#list(id, resource) : this.#list(id);
    return { id, operationId: resource.read, params: { id: { ref: made.ref } }, query: {}, variant: 'valid' };
  }

  #followUpsOf(made: Made): ((id: number) => Step)[] {
    const resource = resourceNamed(made.resource);
    const reads = [(id: number) => this.#read(id, made), (id: number) => this.#update(id, made)];
    // A note about it (in the trash: 410, spec 2.1; restored: taken).
    if (ENTITY_TYPES.includes(made.resource)) reads.push((id) => this.#create(id, resourceNamed('note'), made));
    this.#readLinked(made);
    return resource.list ? [...reads, (id: number) => this.#list(id, resource)] : reads;
  }

  /**
   * Every live record linked to `made`, either way, read right after the step that changed it
   * (what a delete, a restore, a close or a new link may change there: a contact's open leads, a
   * lead's contact, a tag's usage), a few at most.
   */
  #readLinked(made: Made, also: number[] = []): void {
    const refs = new Set([...also, ...made.links]);
    const linked = this.#made.filter(
      (other) =>
        other !== made && !other.deleted && resourceNamed(other.resource).read && (refs.has(other.ref) || other.links.has(made.ref)),
    );
    for (const other of linked.length ? this.#prng.some(linked).slice(0, 3) : []) this.#derivedReads.push((id) => this.#read(id, other));
  }

  #update(id: number, made: Made): Step {
    const resource = resourceNamed(made.resource);
    if (!resource.update) return this.#read(id, made);
    if (made.resource === 'lead' && this.#prng.chance(0.5)) return this.#close(id, made);
    const { properties } = bodySchemaOf(resource.update);
    const changed = this.#changed(resource.update, properties, made);
    const body = this.#bodyOf(resource.update, properties, changed);
    // A flag changed alone is turned the other way from what the record holds (an archived product unarchived).
    const [alone] = changed;
    if (changed.length === 1 && typeof made.body[alone!] === 'boolean' && typeof body[alone!] === 'boolean')
      body[alone!] = !made.body[alone!];
    // `null` clears what the schema lets it clear (spec 4.2, 4.3: "`null` clears").
    for (const name of Object.keys(body)) if (allowsNull(properties[name]!) && this.#prng.chance(0.25)) body[name] = null;
    // A link changed: the record it left and the one it joined are read right after (their derived values).
    const linksBefore = [...made.links];
    for (const ref of refsIn(body)) made.links.add(ref);
    if (refsIn(body).length || Object.values(body).includes(null)) this.#readLinked(made, linksBefore);
    made.body = { ...made.body, ...body };
    if (made.tagName && tagNameOf(body.name)) made.tagName = tagNameOf(body.name);
    return { id, operationId: resource.update, params: { id: { ref: made.ref } }, query: {}, body, variant: 'valid' };
  }

  /**
   * A few changes of one record in a row, each of one property the record holds a value of, alone
   * (as a person edits a record field by field; 2.1: PATCH changes only the fields sent, so every
   * value beside it, a lead's currency beside its amount, must stay as it is).
   */
  #edits(id: number, live: Made[]): Step {
    const editable = live.filter((made) => resourceNamed(made.resource).update);
    if (!editable.length) return this.#create(id);
    const made = this.#prng.pick(editable);
    for (let more = 1 + this.#prng.int(3); more > 0; more--) this.#derivedReads.push((next) => this.#editAlone(next, made));
    return this.#editAlone(id, made);
  }

  /** One property the record holds, changed alone (each in turn); a change like any other when it holds none (or is in the trash by then). */
  #editAlone(id: number, made: Made): Step {
    const resource = resourceNamed(made.resource);
    const { properties } = bodySchemaOf(resource.update!);
    const held = Object.keys(properties).filter((name) => made.body[name] !== undefined && made.body[name] !== null);
    if (made.deleted || !held.length) return this.#update(id, made);
    const name = this.#coverage.least(held, (candidate) => `${resource.update} ${candidate} edited alone`);
    const body = this.#bodyOf(resource.update!, properties, [name]);
    if (typeof made.body[name] === 'boolean' && typeof body[name] === 'boolean') body[name] = !made.body[name];
    if (!(name in body)) return this.#update(id, made);
    made.body = { ...made.body, ...body };
    return { id, operationId: resource.update!, params: { id: { ref: made.ref } }, query: {}, body, variant: 'valid' };
  }

  /**
   * The properties a change sends: the one this route has sent least so far and a few more, so
   * that every property is changed in turn; now and then one alone, one the record holds a value
   * of (2.1: PATCH changes only the fields sent, so the values beside it must stay as they are).
   */
  #changed(route: string, properties: Record<string, unknown>, made: Made): string[] {
    const names = Object.keys(properties);
    const held = names.filter((name) => made.body[name] !== undefined && made.body[name] !== null);
    if (held.length && this.#prng.chance(0.35)) return [this.#coverage.least(held, (name) => `${route} ${name} alone`)];
    const least = this.#coverage.least(names, (name) => `${route} ${name}`);
    return [...new Set([least, ...this.#prng.some(names)])];
  }

  /** A lead moved into its pipeline's won or lost stage (spec 3: `closed_at` set; a loss with its reason in the same request). */
  #close(id: number, made: Made): Step {
    const type = this.#prng.pick(['won', 'lost'] as const);
    // Now and then a loss without its reason: refused (3: "`loss_reason` set in the same request").
    const reason = type === 'lost' && this.#prng.chance(0.6) ? { loss_reason: `${this.#values.marker} price` } : {};
    const body = { stage_id: { stageOf: made.ref, type }, ...reason };
    // A closed lead is no longer open: its contact's open leads (2.4) read right after.
    this.#readLinked(made);
    return { id, operationId: 'updateLead', params: { id: { ref: made.ref } }, query: {}, body, variant: 'valid' };
  }

  #remove(id: number, made: Made): Step {
    const resource = resourceNamed(made.resource);
    if (!resource.remove) return this.#read(id, made);
    made.deleted = true;
    this.#followUps.push(...this.#followUpsOf(made));
    return { id, operationId: resource.remove, params: { id: { ref: made.ref } }, query: {}, variant: 'valid' };
  }

  #restore(id: number): Step {
    const restorable = this.#made.filter((made) => made.deleted && resourceNamed(made.resource).restore);
    if (!restorable.length) return this.#list(id);
    const made = this.#prng.pick(restorable);
    made.deleted = false;
    this.#followUps.push(...this.#followUpsOf(made));
    return { id, operationId: resourceNamed(made.resource).restore!, params: { id: { ref: made.ref } }, query: {}, variant: 'valid' };
  }

  #list(
    id: number,
    resource = this.#coverage.least(
      RESOURCES.filter((candidate) => candidate.list),
      (candidate) => `list ${candidate.name}`,
    ),
  ): Step {
    const list = resource.list!;
    const query: Step['query'] = filtersOf(list.operationId, this.#values);
    if (list.search) query.q = this.#values.marker;
    if (list.paged) query.limit = this.#prng.pick(['2', '100']);
    const step: Step = { id, operationId: list.operationId, params: {}, query, variant: 'valid' };
    if (list.paged) this.#lists.push(step);
    return step;
  }

  #nextPage(id: number): Step {
    const page = this.#prng.pick(this.#lists);
    return { ...page, id, query: { ...page.query, cursor: { cursorOf: page.id } } };
  }

  /** One of the run's tags merged into another (4.4: the records get the target, no duplicate; the tag is deleted), then the tags listed. */
  #mergeTags(id: number): Step {
    const tags = this.#made.filter((made) => made.resource === 'tag' && !made.deleted);
    if (tags.length < 2) return this.#create(id, resourceNamed('tag'));
    // Most often two tags one record carries both of (4.4: the record keeps the target once), else any two.
    const together = this.#tagsTogether(tags);
    const [merged, into] = together && this.#prng.chance(0.7) ? together : [this.#prng.pick(tags), this.#prng.pick(tags)];
    if (merged === into) return this.#list(id, resourceNamed('tag'));
    merged.deleted = true;
    this.#followUps.unshift((next) => this.#list(next, resourceNamed('tag')));
    return {
      id,
      operationId: 'mergeTag',
      params: { id: { ref: merged.ref } },
      query: {},
      body: { into: { ref: into.ref } },
      variant: 'valid',
    };
  }

  /** A route that acts on a live record (a webhook's ping or secret rotation), each in turn; a ping's delivery is kept to be read. */
  #action(id: number, live: Made[]): Step {
    const acting = live.filter((made) => resourceNamed(made.resource).actions);
    if (!acting.length) return this.#read(id, this.#prng.pick(live));
    const made = this.#prng.pick(acting);
    const operationId = this.#coverage.least(resourceNamed(made.resource).actions!, (action) => `action ${action}`);
    const body = this.#actionBody(operationId);
    const step: Step = { id, operationId, params: { id: { ref: made.ref } }, query: {}, ...(body ? { body } : {}), variant: 'valid' };
    // A conversation's state changed: read right after (an action's answer is x-inferred, its read is not).
    if (made.resource === 'conversation') this.#derivedReads.push((next) => this.#read(next, made));
    const creates = RESOURCES.find((resource) => resource.madeWhen === 'action' && resource.create === operationId)?.name;
    if (!creates) return step;
    this.#made.push({ ref: id, resource: creates, deleted: false, links: new Set([made.ref]), body: body ?? {}, parent: made.ref });
    return { ...step, creates };
  }

  /** The body an action's schema asks for (its required properties and a few more; an assignee now and then cleared with `null`), none when it takes none. */
  #actionBody(operationId: string): Record<string, unknown> | undefined {
    const { properties, required } = bodySchemaOf(operationId);
    const names = Object.keys(properties);
    if (!names.length) return undefined;
    const body = this.#bodyOf(operationId, properties, [...new Set([...required, ...this.#prng.some(names)])]);
    if ('assignee_id' in body && this.#prng.chance(0.3)) body.assignee_id = null;
    return body;
  }

  /**
   * A delivery read under its webhook, or its webhook's deliveries listed; now and then a delivery
   * read under another of the run's webhooks, whose deliveries it is not (4.11: a webhook's deliveries): 404.
   */
  #deliveries(id: number): Step {
    const deliveries = this.#made.filter((made) => made.resource === 'delivery');
    if (!deliveries.length) return this.#list(id);
    const delivery = this.#prng.pick(deliveries);
    const others = this.#made.filter((made) => made.resource === 'webhook' && made.ref !== delivery.parent);
    const kind = this.#coverage.least(
      ['read', 'list', ...(others.length ? ['under another'] : [])],
      (candidate) => `deliveries ${candidate}`,
    );
    if (kind === 'list')
      return { id, operationId: 'listWebhookDeliveries', params: { id: { ref: delivery.parent! } }, query: {}, variant: 'valid' };
    const webhook = kind === 'read' ? delivery.parent! : this.#prng.pick(others).ref;
    return {
      id,
      operationId: 'getWebhookDelivery',
      params: { id: { ref: webhook }, did: { ref: delivery.ref } },
      query: {},
      variant: 'valid',
    };
  }

  /** The workspace's members (spec 2.7: active and deactivated ones; members.ts makes one of each on a mock), with a filter now and then. */
  #people(id: number): Step {
    return { id, operationId: 'listMembers', params: {}, query: filtersOf('listMembers', this.#values), variant: 'valid' };
  }

  /** Two of `tags` that one of the run's records carries both of (as it was made or last changed), if any. */
  #tagsTogether(tags: Made[]): [Made, Made] | undefined {
    const named = (made: Made, name: unknown) => typeof name === 'string' && made.tagName?.toLowerCase() === name.toLowerCase();
    const pairs = this.#made.flatMap((record) => {
      const carried = Array.isArray(record.body.tags) ? record.body.tags : [];
      const both = tags.filter((tag) => carried.some((name) => named(tag, name)));
      return both.length >= 2 ? [[both[0]!, both[1]!] as [Made, Made]] : [];
    });
    return pairs.length ? this.#prng.pick(pairs) : undefined;
  }

  /** A query of the entity of a record the run made (query-moves.ts); a list when none has a field to filter on. */
  #query(id: number): Step {
    const about = this.#made.filter((made) => isQueryable(made.resource));
    // Now and then the fields the endpoint filters on, of an entity the run has records of (4.13: `GET /v1/query/{entity}/fields`).
    if (about.length && this.#prng.chance(0.2)) {
      const entity = queryEntityOf(this.#prng.pick(about).resource);
      return { id, operationId: 'listQueryFields', params: { entity }, query: {}, variant: 'valid' };
    }
    const step = about.length ? queryStep(id, this.#prng.pick(about), this.#values.marker, this.#prng, this.#coverage) : undefined;
    return step ?? this.#list(id);
  }

  /** A read, change or timeline of an id of the right type that no record has: 404 on both (7.3: "unknown id"). */
  #unknownId(id: number): Step {
    const kinds = [
      () => this.#read(id, this.#prng.pick(this.#made)),
      () => this.#update(id, this.#prng.pick(this.#made)),
      () => this.#timeline(id),
    ];
    const step = this.#coverage.least(kinds, (kind) => `unknown-id ${kinds.indexOf(kind)}`)();
    const target = step.params.id;
    if (isRef(target)) return { ...step, params: { id: { ...target, unknown: true } }, variant: 'unknown-id' };
    const entity = step.query.entity_id;
    return isRef(entity) ? { ...step, query: { ...step.query, entity_id: { ...entity, unknown: true } }, variant: 'unknown-id' } : step;
  }

  /** The timeline of a record the run made, in the trash or not (4.5: `GET /v1/timeline?entity_type=&entity_id=`), paged on. */
  #timeline(id: number): Step {
    const about = this.#made.filter((made) => ENTITY_TYPES.includes(made.resource));
    if (!about.length) return this.#list(id);
    if (!this.#historyBuilt && this.#made.length > 40 && this.#prng.chance(0.25)) return this.#longHistory(id, about);
    const chosen = this.#prng.pick(about);
    const query = { entity_type: chosen.resource, entity_id: { ref: chosen.ref }, limit: this.#prng.pick(['2', '250']) };
    const step: Step = { id, operationId: 'listTimeline', params: {}, query, variant: 'valid' };
    this.#lists.push(step);
    return step;
  }

  /**
   * A record with a long history, once a run: more notes about one live record than the largest
   * page some servers give (LONG_HISTORY, past 100), then its timeline read a page at a time at
   * the document's largest limit and at the default, and paged on (4.5, 8: a timeline page holds up
   * to 250 items; a page with a next cursor holds as many as the limit asked for).
   */
  #longHistory(id: number, about: Made[]): Step {
    const live = about.filter((made) => !made.deleted);
    if (!live.length) return this.#list(id);
    this.#historyBuilt = true;
    const chosen = this.#prng.pick(live);
    for (let more = LONG_HISTORY - 1; more > 0; more--)
      this.#derivedReads.push((next) => this.#create(next, resourceNamed('note'), chosen));
    for (const limit of ['250', undefined, '250']) {
      this.#derivedReads.push((next) => {
        const query = { entity_type: chosen.resource, entity_id: { ref: chosen.ref }, ...(limit ? { limit } : {}) };
        const step: Step = { id: next, operationId: 'listTimeline', params: {}, query, variant: 'valid' };
        this.#lists.push(step);
        return step;
      });
    }
    return this.#create(id, resourceNamed('note'), chosen);
  }

  /**
   * A change with a property its route does not take (2.1: unknown fields are rejected, not
   * dropped): one only the create takes (a task's `entity_type`), or a name no schema has.
   */
  #unknownField(id: number, made: Made): Step {
    const resource = resourceNamed(made.resource);
    if (!resource.update) return this.#read(id, made);
    const creates = bodySchemaOf(resource.create).properties;
    const updates = bodySchemaOf(resource.update).properties;
    const createOnly = Object.keys(creates).filter((name) => !(name in updates));
    const name = createOnly.length && this.#prng.chance(0.7) ? this.#prng.pick(createOnly) : 'not_a_field';
    const entity = name.startsWith('entity_') ? this.#entity(true) : {};
    const value = name in entity ? entity[name] : name in creates ? valueFor(name, creates[name]!, this.#values) : true;
    return {
      id,
      operationId: resource.update,
      params: { id: { ref: made.ref } },
      query: {},
      body: { [name]: value ?? `${this.#values.marker} x` },
      variant: 'unknown-field',
    };
  }

  /** A read, change or delete of a record the run made, sent as another workspace: 404 (spec 1, 7.2), and the record read back as it was. */
  #otherWorkspace(id: number): Step {
    const routes = [...new Set(this.#made.map((made) => made.resource))].flatMap((name) => {
      const resource = resourceNamed(name);
      return [resource.read, resource.update, resource.remove, ...(resource.actions ?? [])].flatMap((operationId) =>
        operationId ? [{ resource, operationId }] : [],
      );
    });
    const { resource, operationId } = this.#coverage.least(routes, (route) => `other-workspace ${route.operationId}`);
    // Mostly a live record (what the other workspace must not reach), now and then one in the trash (still 404 there, not 410).
    const ofResource = this.#made.filter((candidate) => candidate.resource === resource.name);
    const live = ofResource.filter((candidate) => !candidate.deleted);
    const made = this.#prng.pick(live.length && this.#prng.chance(0.8) ? live : ofResource);
    const { properties } = bodySchemaOf(operationId);
    // A change sends a few properties; an action the body its schema asks for (an assign's assignee), so that only the workspace is wrong.
    const body =
      operationId === resource.update
        ? this.#bodyOf(operationId, properties, this.#prng.some(Object.keys(properties)))
        : resource.actions?.includes(operationId)
          ? this.#actionBody(operationId)
          : undefined;
    this.#followUps.unshift((next) => this.#read(next, made));
    return {
      id,
      operationId,
      params: { id: { ref: made.ref } },
      query: {},
      ...(body ? { body } : {}),
      variant: 'other-workspace',
      as: 'other-workspace',
    };
  }

  /** A create without a property the document requires (or a contact without its identity). */
  #missingRequired(id: number): Step {
    const resource = this.#creatable((candidate) => bodySchemaOf(candidate.create).required.length > 0 || candidate.name === 'contact');
    const { required } = bodySchemaOf(resource.create);
    const body = this.#createBody(resource);
    const left = required.length ? [this.#prng.pick(required)] : ['name', 'phone', 'phones', 'email', 'emails'];
    for (const name of left) delete body[name];
    // Refused on both sides, or a record made on both (a divergence of its own): its id is kept for the cleanup either way.
    return { id, operationId: resource.create, params: {}, query: {}, body, creates: resource.name, variant: 'missing-required' };
  }

  /** A change with one property of the wrong type: refused, and the record left as it was. */
  #wrongType(id: number, made: Made): Step {
    const resource = resourceNamed(made.resource);
    if (!resource.update) return this.#read(id, made);
    const { properties } = bodySchemaOf(resource.update);
    const name = this.#prng.pick(Object.keys(properties));
    // Half the time, where both sides have custom fields, a custom value of the wrong type for its field (2.11's table).
    const customWrong = this.#values.custom && 'custom' in properties && this.#prng.chance(0.5);
    const body = customWrong ? { custom: refusedCustom(this.#coverage, resource.update) } : { [name]: wrongTypeFor(properties[name]!) };
    return { id, operationId: resource.update, params: { id: { ref: made.ref } }, query: {}, body, variant: 'wrong-type' };
  }

  /** A change with one list or text one past the bound the document gives it (spec 8's limits): refused, nothing cut silently. */
  #overLimit(id: number, made: Made): Step {
    const resource = resourceNamed(made.resource);
    if (!resource.update) return this.#read(id, made);
    const { properties } = bodySchemaOf(resource.update);
    const bounded = Object.keys(properties).filter((name) => pastBound(name, properties[name]!, this.#values) !== undefined);
    if (!bounded.length) return this.#update(id, made);
    const name = this.#prng.pick(bounded);
    return {
      id,
      operationId: resource.update,
      params: { id: { ref: made.ref } },
      query: {},
      body: { [name]: pastBound(name, properties[name]!, this.#values) },
      variant: 'over-limit',
    };
  }

  #refOfPrefix(prefix: string): Ref | undefined {
    const resource = resourceOfPrefix(prefix)?.name;
    const candidates = this.#made.filter((made) => made.resource === resource && !made.deleted);
    return candidates.length && this.#prng.chance(0.6) ? { ref: this.#prng.pick(candidates).ref } : undefined;
  }
}
