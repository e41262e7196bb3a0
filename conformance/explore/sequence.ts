// A sequence of calls, generated from a seed: creates whose ids (and cursors) later calls take by
// reference to the step that made them, so that the same sequence runs against the target and the
// oracle (each resolving a reference to its own id) and a shorter one can be cut from it.
import { allowsNull, bodySchemaOf } from './document-schemas.ts';
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

export type Variant = 'valid' | 'unknown-id' | 'missing-required' | 'wrong-type' | 'over-limit';

export type Step = {
  /** Its place in the generated sequence; references name it, so it stays when steps around it are cut. */
  id: number;
  operationId: string;
  params: Record<string, Ref>;
  query: Record<string, string | Ref | CursorOf>;
  body?: Record<string, unknown>;
  /** The resource a create makes (its answer's `id` is this step's reference). */
  creates?: ResourceName;
  variant: Variant;
};

type Made = { ref: number; resource: ResourceName; deleted: boolean };

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
  const refs = [...Object.values(step.params), ...Object.values(step.query), ...Object.values(step.body ?? {})];
  return refs.flatMap((value) => {
    if (isRef(value)) return value.ref === OWNER_REF ? [] : [value.ref];
    return isCursorOf(value) ? [value.cursorOf] : isStageOf(value) ? [value.stageOf] : [];
  });
}

/** `count` steps from `seed`; the marker goes into every name the steps write. */
export function generateSequence(seed: number, count: number, marker: string): Step[] {
  const generator = new Generator(new Prng(seed), marker);
  return Array.from({ length: count }, (_, id) => generator.step(id));
}

class Generator {
  readonly #made: Made[] = [];
  readonly #lists: Step[] = [];
  /** What follows a delete or a restore soon after: a read of the record, a change of it, or its list. */
  readonly #followUps: ((id: number) => Step)[] = [];
  readonly #prng: Prng;
  readonly #values: ValueContext;

  constructor(prng: Prng, marker: string) {
    this.#prng = prng;
    this.#values = { prng, marker, refOf: (prefix) => this.#refOfPrefix(prefix) };
  }

  step(id: number): Step {
    const next = this.#followUps.shift();
    if (next && this.#prng.chance(0.6)) return next(id);
    const roll = this.#prng.next();
    const live = this.#made.filter((made) => !made.deleted);
    if (live.length < 2 || roll < 0.22) return this.#create(id);
    if (roll < 0.34) return this.#read(id, this.#prng.pick(this.#made));
    // A change of a record in the trash now and then: refused (410), and it stays as it was.
    if (roll < 0.5) return this.#update(id, this.#prng.pick(this.#prng.chance(0.15) ? this.#made : live));
    if (roll < 0.58) return this.#remove(id, this.#prng.pick(live));
    if (roll < 0.64) return this.#restore(id);
    if (roll < 0.74) return this.#list(id);
    if (roll < 0.8 && this.#lists.length) return this.#nextPage(id);
    if (roll < 0.86) return this.#unknownId(id);
    if (roll < 0.91) return this.#missingRequired(id);
    if (roll < 0.96) return this.#overLimit(id, this.#prng.pick(live));
    return this.#wrongType(id, this.#prng.pick(live));
  }

  #create(id: number, resource = this.#creatable()): Step {
    const body = this.#createBody(resource);
    this.#made.push({ ref: id, resource: resource.name, deleted: false });
    return { id, operationId: resource.create, params: {}, query: {}, body, creates: resource.name, variant: 'valid' };
  }

  /** A note or a task needs a record to be about; a tag, a contact or a product needs none. */
  #creatable(fits: (resource: Resource) => boolean = () => true): Resource {
    const about = this.#made.some((made) => !made.deleted && ENTITY_TYPES.includes(made.resource));
    return this.#prng.pick(RESOURCES.filter((resource) => fits(resource) && (about || resource.name !== 'note')));
  }

  #createBody(resource: Resource): Record<string, unknown> {
    const { properties, required } = bodySchemaOf(resource.create);
    const wanted = new Set([...required, ...(resource.createWith ?? []), ...this.#prng.some(Object.keys(properties))]);
    const body = this.#bodyOf(properties, [...wanted]);
    if ('entity_type' in properties) Object.assign(body, this.#entity(resource.name === 'note'));
    return body;
  }

  #bodyOf(properties: Record<string, any>, names: string[]): Record<string, unknown> {
    const entries = names.filter((name) => name in properties && !['entity_type', 'entity_id'].includes(name))
      .map((name) => [name, valueFor(name, properties[name], this.#values)] as const);
    return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
  }

  /** `entity_type` and `entity_id` of a record the run made (a note must have one; a task may). */
  #entity(required: boolean): Record<string, unknown> {
    const about = this.#made.filter((made) => !made.deleted && ENTITY_TYPES.includes(made.resource));
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
    return resource.list ? [...reads, (id: number) => this.#list(id, resource)] : reads;
  }

  #update(id: number, made: Made): Step {
    const resource = resourceNamed(made.resource);
    if (!resource.update) return this.#read(id, made);
    if (made.resource === 'lead' && this.#prng.chance(0.5)) return this.#close(id, made);
    const { properties } = bodySchemaOf(resource.update);
    const body = this.#bodyOf(properties, this.#prng.some(Object.keys(properties)));
    // `null` clears what the schema lets it clear (spec 4.2, 4.3: "`null` clears").
    for (const name of Object.keys(body)) if (allowsNull(properties[name]!) && this.#prng.chance(0.25)) body[name] = null;
    return { id, operationId: resource.update, params: { id: { ref: made.ref } }, query: {}, body, variant: 'valid' };
  }

  /** A lead moved into its pipeline's won or lost stage (spec 3: `closed_at` set; a loss with its reason in the same request). */
  #close(id: number, made: Made): Step {
    const type = this.#prng.pick(['won', 'lost'] as const);
    // Now and then a loss without its reason: refused (3: "`loss_reason` set in the same request").
    const reason = type === 'lost' && this.#prng.chance(0.6) ? { loss_reason: `${this.#values.marker} price` } : {};
    const body = { stage_id: { stageOf: made.ref, type }, ...reason };
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

  #list(id: number, resource = this.#prng.pick(RESOURCES.filter((candidate) => candidate.list))): Step {
    const list = resource.list!;
    const query: Step['query'] = {};
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

  /** A read, change or delete of an id of the right type that no record has: 404 on both. */
  #unknownId(id: number): Step {
    const step = this.#prng.pick([() => this.#read(id, this.#prng.pick(this.#made)), () => this.#update(id, this.#prng.pick(this.#made))])();
    const target = step.params.id;
    return target ? { ...step, params: { id: { ...target, unknown: true } }, variant: 'unknown-id' } : step;
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
    return { id, operationId: resource.update, params: { id: { ref: made.ref } }, query: {}, body: { [name]: wrongTypeFor(properties[name]!) }, variant: 'wrong-type' };
  }

  /** A change with one list or text one past the bound the document gives it (spec 8's limits): refused, nothing cut silently. */
  #overLimit(id: number, made: Made): Step {
    const resource = resourceNamed(made.resource);
    if (!resource.update) return this.#read(id, made);
    const { properties } = bodySchemaOf(resource.update);
    const bounded = Object.keys(properties).filter((name) => pastBound(name, properties[name]!, this.#values) !== undefined);
    if (!bounded.length) return this.#update(id, made);
    const name = this.#prng.pick(bounded);
    return { id, operationId: resource.update, params: { id: { ref: made.ref } }, query: {}, body: { [name]: pastBound(name, properties[name]!, this.#values) }, variant: 'over-limit' };
  }

  #refOfPrefix(prefix: string): Ref | undefined {
    const resource = resourceOfPrefix(prefix)?.name;
    const candidates = this.#made.filter((made) => made.resource === resource && !made.deleted);
    return candidates.length && this.#prng.chance(0.6) ? { ref: this.#prng.pick(candidates).ref } : undefined;
  }
}

