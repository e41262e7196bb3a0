// A query (spec 4.13: `POST /v1/query/{entity}`) over the run's own records: the run's marker in
// the name (so the answer holds only its records, on one last page) and one condition on a field
// a record of the run was made with (a custom value as `custom.<key>` too, 2.11), its operator
// each in turn (coverage.ts) among those that fit the value, the value the record was made with (a
// `neq` must keep the records that have none); now and then with `count` (the total of the run's
// matches), or the text filter `q` in place of `query`.
import type { Coverage } from './coverage.ts';
import type { Prng } from './prng.ts';
import { isRef, type Step } from './step.ts';

const ENTITIES: Record<string, string> = { lead: 'leads', contact: 'contacts', company: 'companies' };
const TEXT_OPS = ['eq', 'neq', 'contains', 'not_contains', 'starts', 'in', 'not_in', 'empty', 'not_empty'];
const NUMBER_OPS = ['eq', 'neq', 'gt', 'lt', 'gte', 'lte', 'in', 'not_in', 'empty', 'not_empty'];
const DATE_OPS = ['eq', 'neq', 'gt', 'lt', 'gte', 'lte', 'empty', 'not_empty'];
const FLAG_OPS = ['eq', 'neq', 'empty', 'not_empty'];
const ID_OPS = ['eq', 'neq', 'in', 'not_in', 'empty', 'not_empty'];
const LIST_OPS = new Set(['in', 'not_in']);
const NO_VALUE = new Set(['empty', 'not_empty']);
const DAY = /^\d{4}-\d\d-\d\d$/;

/** A record of the run a query may be about, with the body it was made with. */
export type Queryable = { resource: string; body: Record<string, unknown> };

export function isQueryable(resource: string): boolean {
  return resource in ENTITIES;
}

/** The query endpoint's entity of a resource (`lead` → `leads`). */
export function queryEntityOf(resource: string): string {
  return ENTITIES[resource]!;
}

/** The fields a query may filter on, from a record's body: its own, and each custom value as `custom.<key>`. */
function filterable(body: Record<string, unknown>): [string, unknown][] {
  const custom = body.custom && typeof body.custom === 'object' ? Object.entries(body.custom as Record<string, unknown>) : [];
  return [...Object.entries(body), ...custom.map(([key, value]) => [`custom.${key}`, value] as [string, unknown])].filter(
    ([name, value]) =>
      name !== 'name' &&
      (isRef(value) || ['string', 'number'].includes(typeof value) || (name.startsWith('custom.') && typeof value === 'boolean')),
  );
}

function opsFor(value: unknown): string[] {
  if (isRef(value)) return ID_OPS;
  if (typeof value === 'number') return NUMBER_OPS;
  if (typeof value === 'boolean') return FLAG_OPS;
  return typeof value === 'string' && DAY.test(value) ? DATE_OPS : TEXT_OPS;
}

/** A query step about `about`'s entity; undefined when its body has no field to filter on. */
export function queryStep(id: number, about: Queryable, marker: string, prng: Prng, coverage: Coverage): Step | undefined {
  const entity = ENTITIES[about.resource]!;
  const form = coverage.least(['query', 'query', 'query', 'count', 'q'], (candidate) => `query ${entity} form ${candidate}`);
  if (form === 'q')
    return { id, operationId: 'runQuery', params: { entity }, query: {}, body: { q: marker, limit: 250 }, variant: 'valid' };
  const fields = filterable(about.body);
  if (!fields.length) return undefined;
  const [field, value] = coverage.least(fields, ([name]) => `query ${entity} field ${name}`);
  const ops = opsFor(value);
  const op = coverage.least(ops, (candidate) => `query ${entity} ${ops === TEXT_OPS ? '' : `${typeof value} `}${candidate}`);
  const operand: { value?: unknown } = NO_VALUE.has(op) ? {} : { value: LIST_OPS.has(op) ? [value] : value };
  const conditions = [
    { field: 'name', op: 'contains', value: marker },
    { field, op, ...operand },
  ];
  const body = { query: { op: 'and', conditions }, limit: 250, ...(form === 'count' ? { count: true } : {}) };
  return { id, operationId: 'runQuery', params: { entity }, query: {}, body, variant: 'valid' };
}
