// The invalid variants of the moves: an unknown id (7.3), a property the route does not take (2.1),
// a call as another workspace (spec 1), a create without a required property, a value of the wrong
// type (a custom value the 2.11 table refuses among them), a list or text past its bound (8).
import { actionBody } from './action-moves.ts';
import { update } from './change-moves.ts';
import { refusedCustom } from './custom-fields.ts';
import { bodySchemaOf } from './document-schemas.ts';
import { bodyOf, creatable, entityFields, type Generation, type Made } from './generation.ts';
import { timeline } from './list-moves.ts';
import { createBody, read } from './record-moves.ts';
import { resourceNamed } from './resources.ts';
import { isRef, type Step } from './step.ts';
import { pastBound, valueFor, wrongTypeFor } from './values.ts';

/** A read, change or timeline of an id of the right type that no record has: 404 on both (7.3: "unknown id"). */
export function unknownId(g: Generation, id: number): Step {
  const kinds = [() => read(g, id, g.prng.pick(g.made)), () => update(g, id, g.prng.pick(g.made)), () => timeline(g, id)];
  const step = g.coverage.least(kinds, (kind) => `unknown-id ${kinds.indexOf(kind)}`)();
  const target = step.params.id;
  if (isRef(target)) return { ...step, params: { id: { ...target, unknown: true } }, variant: 'unknown-id' };
  const entity = step.query.entity_id;
  return isRef(entity) ? { ...step, query: { ...step.query, entity_id: { ...entity, unknown: true } }, variant: 'unknown-id' } : step;
}

/**
 * A change with a property its route does not take (2.1: unknown fields are rejected, not
 * dropped): one only the create takes (a task's `entity_type`), or a name no schema has.
 */
export function unknownField(g: Generation, id: number, made: Made): Step {
  const resource = resourceNamed(made.resource);
  if (!resource.update) return read(g, id, made);
  const creates = bodySchemaOf(resource.create).properties;
  const updates = bodySchemaOf(resource.update).properties;
  const createOnly = Object.keys(creates).filter((name) => !(name in updates));
  const name = createOnly.length && g.prng.chance(0.7) ? g.prng.pick(createOnly) : 'not_a_field';
  const entity = name.startsWith('entity_') ? entityFields(g, true) : {};
  const value = name in entity ? entity[name] : name in creates ? valueFor(name, creates[name]!, g.values) : true;
  return {
    id,
    operationId: resource.update,
    params: { id: { ref: made.ref } },
    query: {},
    body: { [name]: value ?? `${g.values.marker} x` },
    variant: 'unknown-field',
  };
}

/** A read, change or delete of a record the run made, sent as another workspace: 404 (spec 1, 7.2), and the record read back as it was. */
export function otherWorkspace(g: Generation, id: number): Step {
  const routes = [...new Set(g.made.map((made) => made.resource))].flatMap((name) => {
    const resource = resourceNamed(name);
    return [resource.read, resource.update, resource.remove, ...(resource.actions ?? [])].flatMap((operationId) =>
      operationId ? [{ resource, operationId }] : [],
    );
  });
  const { resource, operationId } = g.coverage.least(routes, (route) => `other-workspace ${route.operationId}`);
  // Mostly a live record (what the other workspace must not reach), now and then one in the trash (still 404 there, not 410).
  const ofResource = g.made.filter((candidate) => candidate.resource === resource.name);
  const live = ofResource.filter((candidate) => !candidate.deleted);
  const made = g.prng.pick(live.length && g.prng.chance(0.8) ? live : ofResource);
  const { properties } = bodySchemaOf(operationId);
  // A change sends a few properties; an action the body its schema asks for (an assign's assignee), so that only the workspace is wrong.
  const body =
    operationId === resource.update
      ? bodyOf(g, operationId, properties, g.prng.some(Object.keys(properties)))
      : resource.actions?.includes(operationId)
        ? actionBody(g, operationId)
        : undefined;
  g.followUps.unshift((next) => read(g, next, made));
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
export function missingRequired(g: Generation, id: number): Step {
  const resource = creatable(g, (candidate) => bodySchemaOf(candidate.create).required.length > 0 || candidate.name === 'contact');
  const { required } = bodySchemaOf(resource.create);
  const body = createBody(g, resource);
  const left = required.length ? [g.prng.pick(required)] : ['name', 'phone', 'phones', 'email', 'emails'];
  for (const name of left) delete body[name];
  // Refused on both sides, or a record made on both (a divergence of its own): its id is kept for the cleanup either way.
  return { id, operationId: resource.create, params: {}, query: {}, body, creates: resource.name, variant: 'missing-required' };
}

/** A change with one property of the wrong type: refused, and the record left as it was. */
export function wrongType(g: Generation, id: number, made: Made): Step {
  const resource = resourceNamed(made.resource);
  if (!resource.update) return read(g, id, made);
  const { properties } = bodySchemaOf(resource.update);
  const name = g.prng.pick(Object.keys(properties));
  // Half the time, where both sides have custom fields, a custom value of the wrong type for its field (2.11's table).
  const customWrong = g.values.custom && 'custom' in properties && g.prng.chance(0.5);
  const body = customWrong ? { custom: refusedCustom(g.coverage, resource.update) } : { [name]: wrongTypeFor(properties[name]!) };
  return { id, operationId: resource.update, params: { id: { ref: made.ref } }, query: {}, body, variant: 'wrong-type' };
}

/** A change with one list or text one past the bound the document gives it (spec 8's limits): refused, nothing cut silently. */
export function overLimit(g: Generation, id: number, made: Made): Step {
  const resource = resourceNamed(made.resource);
  if (!resource.update) return read(g, id, made);
  const { properties } = bodySchemaOf(resource.update);
  const bounded = Object.keys(properties).filter((name) => pastBound(name, properties[name]!, g.values) !== undefined);
  if (!bounded.length) return update(g, id, made);
  const name = g.prng.pick(bounded);
  return {
    id,
    operationId: resource.update,
    params: { id: { ref: made.ref } },
    query: {},
    body: { [name]: pastBound(name, properties[name]!, g.values) },
    variant: 'over-limit',
  };
}
