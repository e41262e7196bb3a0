// The moves that change a record (spec 2.1: PATCH changes only the fields sent): a few properties
// at a time, one alone, edits in a row, and a lead closed won or lost (spec 3).
import { allowsNull, bodySchemaOf } from './document-schemas.ts';
import { bodyOf, type Generation, type Made, refsIn, tagNameOf } from './generation.ts';
import { create, read, readLinked } from './record-moves.ts';
import { resourceNamed } from './resources.ts';
import type { Step } from './step.ts';

export function update(g: Generation, id: number, made: Made): Step {
  const resource = resourceNamed(made.resource);
  if (!resource.update) return read(g, id, made);
  if (made.resource === 'lead' && g.prng.chance(0.5)) return close(g, id, made);
  const { properties } = bodySchemaOf(resource.update);
  const changed = changedNames(g, resource.update, properties, made);
  const body = bodyOf(g, resource.update, properties, changed);
  // A flag changed alone is turned the other way from what the record holds (an archived product unarchived).
  const [alone] = changed;
  if (changed.length === 1 && typeof made.body[alone!] === 'boolean' && typeof body[alone!] === 'boolean')
    body[alone!] = !made.body[alone!];
  // `null` clears what the schema lets it clear (spec 4.2, 4.3: "`null` clears").
  for (const name of Object.keys(body)) if (allowsNull(properties[name]!) && g.prng.chance(0.25)) body[name] = null;
  // A link changed: the record it left and the one it joined are read right after (their derived values).
  const linksBefore = [...made.links];
  for (const ref of refsIn(body)) made.links.add(ref);
  if (refsIn(body).length || Object.values(body).includes(null)) readLinked(g, made, linksBefore);
  made.body = { ...made.body, ...body };
  if (made.tagName && tagNameOf(body.name)) made.tagName = tagNameOf(body.name);
  return { id, operationId: resource.update, params: { id: { ref: made.ref } }, query: {}, body, variant: 'valid' };
}

/**
 * A few changes of one record in a row, each of one property the record holds a value of, alone
 * (as a person edits a record field by field; 2.1: PATCH changes only the fields sent, so every
 * value beside it, a lead's currency beside its amount, must stay as it is).
 */
export function edits(g: Generation, id: number, live: Made[]): Step {
  const editable = live.filter((made) => resourceNamed(made.resource).update);
  if (!editable.length) return create(g, id);
  const made = g.prng.pick(editable);
  for (let more = 1 + g.prng.int(3); more > 0; more--) g.derivedReads.push((next) => editAlone(g, next, made));
  return editAlone(g, id, made);
}

/** One property the record holds, changed alone (each in turn); a change like any other when it holds none (or is in the trash by then). */
export function editAlone(g: Generation, id: number, made: Made): Step {
  const resource = resourceNamed(made.resource);
  const { properties } = bodySchemaOf(resource.update!);
  const held = Object.keys(properties).filter((name) => made.body[name] !== undefined && made.body[name] !== null);
  if (made.deleted || !held.length) return update(g, id, made);
  const name = g.coverage.least(held, (candidate) => `${resource.update} ${candidate} edited alone`);
  const body = bodyOf(g, resource.update!, properties, [name]);
  if (typeof made.body[name] === 'boolean' && typeof body[name] === 'boolean') body[name] = !made.body[name];
  if (!(name in body)) return update(g, id, made);
  made.body = { ...made.body, ...body };
  return { id, operationId: resource.update!, params: { id: { ref: made.ref } }, query: {}, body, variant: 'valid' };
}

/**
 * The properties a change sends: the one this route has sent least so far and a few more, so
 * that every property is changed in turn; now and then one alone, one the record holds a value
 * of (2.1: PATCH changes only the fields sent, so the values beside it must stay as they are).
 */
export function changedNames(g: Generation, route: string, properties: Record<string, unknown>, made: Made): string[] {
  const names = Object.keys(properties);
  const held = names.filter((name) => made.body[name] !== undefined && made.body[name] !== null);
  if (held.length && g.prng.chance(0.35)) return [g.coverage.least(held, (name) => `${route} ${name} alone`)];
  const least = g.coverage.least(names, (name) => `${route} ${name}`);
  return [...new Set([least, ...g.prng.some(names)])];
}

/** A lead moved into its pipeline's won or lost stage (spec 3: `closed_at` set; a loss with its reason in the same request). */
export function close(g: Generation, id: number, made: Made): Step {
  const type = g.prng.pick(['won', 'lost'] as const);
  // Now and then a loss without its reason: refused (3: "`loss_reason` set in the same request").
  const reason = type === 'lost' && g.prng.chance(0.6) ? { loss_reason: `${g.values.marker} price` } : {};
  const body = { stage_id: { stageOf: made.ref, type }, ...reason };
  // A closed lead is no longer open: its contact's open leads (2.4) read right after.
  readLinked(g, made);
  return { id, operationId: 'updateLead', params: { id: { ref: made.ref } }, query: {}, body, variant: 'valid' };
}
