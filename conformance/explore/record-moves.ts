// The moves that make, read, delete and restore a record (spec 2.1: a delete moves it to the trash,
// a restore brings it back), and the reads that follow them: of the record, and of the records
// linked to it whose derived values the move may have changed.
import { update } from './change-moves.ts';
import { bodySchemaOf } from './document-schemas.ts';
import { bodyOf, creatable, entityFields, type Generation, type Made, refsIn, tagNameOf } from './generation.ts';
import { list } from './list-moves.ts';
import { ENTITY_TYPES, type Resource, resourceNamed } from './resources.ts';
import type { Step } from './step.ts';

export function create(g: Generation, id: number, resource = creatable(g), about?: Made): Step {
  const body: Record<string, unknown> = {
    ...createBody(g, resource),
    ...(about ? { entity_type: about.resource, entity_id: { ref: about.ref } } : {}),
  };
  const tagName = resource.name === 'tag' ? tagNameOf(body.name) : undefined;
  // About a record in the trash, it is refused (2.1: 410) and never made: no later step counts on it.
  const aboutTrashed = refsIn(body).some((ref) => g.made.find((made) => made.ref === ref)?.deleted);
  g.made.push({
    ref: id,
    resource: resource.name,
    deleted: aboutTrashed,
    links: new Set(refsIn(body)),
    body,
    ...(tagName ? { tagName } : {}),
  });
  return { id, operationId: resource.create, params: {}, query: {}, body, creates: resource.name, variant: 'valid' };
}

export function createBody(g: Generation, resource: Resource): Record<string, unknown> {
  const { properties, required } = bodySchemaOf(resource.create);
  // Now and then a record with every property its create takes (a state where every field beside a later change holds a value).
  const some = g.prng.chance(0.2) ? Object.keys(properties) : g.prng.some(Object.keys(properties));
  const wanted = new Set([...required, ...(resource.createWith ?? []), ...some]);
  const body = bodyOf(g, resource.create, properties, [...wanted]);
  if ('entity_type' in properties) Object.assign(body, entityFields(g, resource.name === 'note'));
  return body;
}

export function read(g: Generation, id: number, made: Made): Step {
  const resource = resourceNamed(made.resource);
  if (!resource.read) return resource.list ? list(g, id, resource) : list(g, id);
  return { id, operationId: resource.read, params: { id: { ref: made.ref } }, query: {}, variant: 'valid' };
}

export function followUpsOf(g: Generation, made: Made): ((id: number) => Step)[] {
  const resource = resourceNamed(made.resource);
  const reads = [(id: number) => read(g, id, made), (id: number) => update(g, id, made)];
  // A note about it (in the trash: 410, spec 2.1; restored: taken).
  if (ENTITY_TYPES.includes(made.resource)) reads.push((id) => create(g, id, resourceNamed('note'), made));
  readLinked(g, made);
  return resource.list ? [...reads, (id: number) => list(g, id, resource)] : reads;
}

/**
 * Every live record linked to `made`, either way, read right after the step that changed it
 * (what a delete, a restore, a close or a new link may change there: a contact's open leads, a
 * lead's contact, a tag's usage), a few at most.
 */
export function readLinked(g: Generation, made: Made, also: number[] = []): void {
  const refs = new Set([...also, ...made.links]);
  const linked = g.made.filter(
    (other) => other !== made && !other.deleted && resourceNamed(other.resource).read && (refs.has(other.ref) || other.links.has(made.ref)),
  );
  for (const other of linked.length ? g.prng.some(linked).slice(0, 3) : []) g.derivedReads.push((id) => read(g, id, other));
}

export function remove(g: Generation, id: number, made: Made): Step {
  const resource = resourceNamed(made.resource);
  if (!resource.remove) return read(g, id, made);
  made.deleted = true;
  g.followUps.push(...followUpsOf(g, made));
  return { id, operationId: resource.remove, params: { id: { ref: made.ref } }, query: {}, variant: 'valid' };
}

export function restore(g: Generation, id: number): Step {
  const restorable = g.made.filter((made) => made.deleted && resourceNamed(made.resource).restore);
  if (!restorable.length) return list(g, id);
  const made = g.prng.pick(restorable);
  made.deleted = false;
  g.followUps.push(...followUpsOf(g, made));
  return { id, operationId: resourceNamed(made.resource).restore!, params: { id: { ref: made.ref } }, query: {}, variant: 'valid' };
}
