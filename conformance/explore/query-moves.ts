// A query (spec 4.13: `POST /v1/query/{entity}`) over the run's own records: the run's marker in
// the name (so the answer holds only its records, on one last page) and one condition on a field
// a record of the run was made with, its operator each in turn (coverage.ts) among those that fit
// the value, the value the record was made with (a `neq` must keep the records that have none).
import type { Coverage } from './coverage.ts';
import type { Prng } from './prng.ts';
import { isRef, type Step } from './sequence.ts';

const ENTITIES: Record<string, string> = { lead: 'leads', contact: 'contacts', company: 'companies' };
const TEXT_OPS = ['eq', 'neq', 'contains', 'not_contains', 'starts', 'in', 'not_in', 'empty', 'not_empty'];
const NUMBER_OPS = ['eq', 'neq', 'gt', 'lt', 'gte', 'lte', 'in', 'not_in', 'empty', 'not_empty'];
const ID_OPS = ['eq', 'neq', 'in', 'not_in', 'empty', 'not_empty'];
const LIST_OPS = new Set(['in', 'not_in']);
const NO_VALUE = new Set(['empty', 'not_empty']);

/** A record of the run a query may be about, with the body it was made with. */
export type Queryable = { resource: string; body: Record<string, unknown> };

export function isQueryable(resource: string): boolean {
  return resource in ENTITIES;
}

/** A query step about `about`'s entity; undefined when its body has no field to filter on. */
export function queryStep(id: number, about: Queryable, marker: string, prng: Prng, coverage: Coverage): Step | undefined {
  const fields = Object.entries(about.body).filter(
    ([name, value]) => name !== 'name' && (isRef(value) || ['string', 'number'].includes(typeof value)),
  );
  if (!fields.length) return undefined;
  const [field, value] = prng.pick(fields);
  const ops = isRef(value) ? ID_OPS : typeof value === 'number' ? NUMBER_OPS : TEXT_OPS;
  const entity = ENTITIES[about.resource]!;
  const op = coverage.least(ops, (candidate) => `query ${entity} ${candidate}`);
  const operand: { value?: unknown } = NO_VALUE.has(op) ? {} : { value: LIST_OPS.has(op) ? [value] : value };
  const conditions = [
    { field: 'name', op: 'contains', value: marker },
    { field, op, ...operand },
  ];
  const body = { query: { op: 'and', conditions }, limit: 250 };
  return { id, operationId: 'runQuery', params: { entity }, query: {}, body, variant: 'valid' };
}
