// The moves that read many records: a list (with its filters and limit) and its next page, a
// record's timeline (and once a run a long one, 4.5), a query (4.13) and the workspace's members.
import type { Generation, Made } from './generation.ts';
import { filtersOf } from './list-filters.ts';
import { isQueryable, queryEntityOf, queryStep } from './query-moves.ts';
import { create } from './record-moves.ts';
import { ENTITY_TYPES, resourceNamed, RESOURCES } from './resources.ts';
import type { Step } from './step.ts';

/** How many notes the one long history of a run holds: past 100, the largest page a server may wrongly cap at. */
const LONG_HISTORY = 110;

export function list(
  g: Generation,
  id: number,
  resource = g.coverage.least(
    RESOURCES.filter((candidate) => candidate.list),
    (candidate) => `list ${candidate.name}`,
  ),
): Step {
  const list = resource.list!;
  const query: Step['query'] = filtersOf(list.operationId, g.values);
  if (list.search) query.q = g.values.marker;
  if (list.paged) query.limit = g.prng.pick(['2', '100']);
  const step: Step = { id, operationId: list.operationId, params: {}, query, variant: 'valid' };
  if (list.paged) g.lists.push(step);
  return step;
}

export function nextPage(g: Generation, id: number): Step {
  const page = g.prng.pick(g.lists);
  return { ...page, id, query: { ...page.query, cursor: { cursorOf: page.id } } };
}

/** The timeline of a record the run made, in the trash or not (4.5: `GET /v1/timeline?entity_type=&entity_id=`), paged on. */
export function timeline(g: Generation, id: number): Step {
  const about = g.made.filter((made) => ENTITY_TYPES.includes(made.resource));
  if (!about.length) return list(g, id);
  if (!g.historyBuilt && g.made.length > 40 && g.prng.chance(0.25)) return longHistory(g, id, about);
  const chosen = g.prng.pick(about);
  const query = { entity_type: chosen.resource, entity_id: { ref: chosen.ref }, limit: g.prng.pick(['2', '250']) };
  const step: Step = { id, operationId: 'listTimeline', params: {}, query, variant: 'valid' };
  g.lists.push(step);
  return step;
}

/**
 * A record with a long history, once a run: more notes about one live record than the largest
 * page some servers give (LONG_HISTORY, past 100), then its timeline read a page at a time at
 * the document's largest limit and at the default, and paged on (4.5, 8: a timeline page holds up
 * to 250 items; a page with a next cursor holds as many as the limit asked for).
 */
export function longHistory(g: Generation, id: number, about: Made[]): Step {
  const live = about.filter((made) => !made.deleted);
  if (!live.length) return list(g, id);
  g.historyBuilt = true;
  const chosen = g.prng.pick(live);
  for (let more = LONG_HISTORY - 1; more > 0; more--) g.derivedReads.push((next) => create(g, next, resourceNamed('note'), chosen));
  for (const limit of ['250', undefined, '250']) {
    g.derivedReads.push((next) => {
      const query = { entity_type: chosen.resource, entity_id: { ref: chosen.ref }, ...(limit ? { limit } : {}) };
      const step: Step = { id: next, operationId: 'listTimeline', params: {}, query, variant: 'valid' };
      g.lists.push(step);
      return step;
    });
  }
  return create(g, id, resourceNamed('note'), chosen);
}

/** A query of the entity of a record the run made (query-moves.ts); a list when none has a field to filter on. */
export function query(g: Generation, id: number): Step {
  const about = g.made.filter((made) => isQueryable(made.resource));
  // Now and then the fields the endpoint filters on, of an entity the run has records of (4.13: `GET /v1/query/{entity}/fields`).
  if (about.length && g.prng.chance(0.2)) {
    const entity = queryEntityOf(g.prng.pick(about).resource);
    return { id, operationId: 'listQueryFields', params: { entity }, query: {}, variant: 'valid' };
  }
  const step = about.length ? queryStep(id, g.prng.pick(about), g.values.marker, g.prng, g.coverage) : undefined;
  return step ?? list(g, id);
}

/** The workspace's members (spec 2.7: active and deactivated ones; members.ts makes one of each on a mock), with a filter now and then. */
export function people(g: Generation, id: number): Step {
  return { id, operationId: 'listMembers', params: {}, query: filtersOf('listMembers', g.values), variant: 'valid' };
}
