// The query endpoint's fields (spec 4.13: `GET /v1/query/{entity}/fields` "lists fields that can
// be filtered and sorted, with types"). Its answer's shape is the document's design (x-inferred),
// so it is not compared with the oracle's; what the spec does fix is that a field the endpoint
// filters on is one the route lists. So every field a condition of the run's queries named and
// both sides took (200) is listed by the target's fields route when the oracle's lists it too:
// a field the target filters on but does not list is a divergence.
import type { Exchange } from '../exchange.ts';
import type { Difference } from './compare.ts';
import type { Step } from './step.ts';

/** The fields each entity's accepted queries filtered on, by entity (`leads`), as the run went. */
export type FilteredOn = Map<string, Set<string>>;

/** The fields a query's conditions name, at any depth of its groups. */
function conditionFields(group: unknown): string[] {
  const conditions = (group as { conditions?: unknown[] } | undefined)?.conditions;
  if (!Array.isArray(conditions)) return [];
  return conditions.flatMap((condition: any) => (typeof condition?.field === 'string' ? [condition.field] : conditionFields(condition)));
}

/** Notes the fields of a query both sides took. */
export function noteFilteredOn(step: Step, target: Exchange, oracle: Exchange, filteredOn: FilteredOn): void {
  if (step.operationId !== 'runQuery' || target.status !== 200 || oracle.status !== 200 || step.as) return;
  const entity = step.params.entity;
  if (typeof entity !== 'string') return;
  const fields = filteredOn.get(entity) ?? new Set<string>();
  for (const field of conditionFields(step.body?.query)) fields.add(field);
  filteredOn.set(entity, fields);
}

/** The fields the run filtered on that the oracle's route lists and the target's does not. */
export function unlistedFields(step: Step, target: Exchange, oracle: Exchange, filteredOn: FilteredOn): Difference[] {
  if (step.operationId !== 'listQueryFields' || target.status !== 200 || oracle.status !== 200 || step.as) return [];
  const entity = step.params.entity;
  const listed = (answer: Exchange) =>
    new Set<string>(
      Array.isArray(answer.json?.data)
        ? answer.json.data.flatMap((item: any) => (typeof item?.field === 'string' ? [item.field] : []))
        : [],
    );
  const [theirs, ours] = [listed(target), listed(oracle)];
  // A custom field answers to `custom.<key>` and, where no built-in field has the name, to its bare key (the list may name either).
  const bare = (field: string) => field.replace(/^custom\./, '');
  const has = (names: Set<string>, field: string) => names.has(field) || names.has(bare(field)) || names.has(`custom.${bare(field)}`);
  const filtered = typeof entity === 'string' ? [...(filteredOn.get(entity) ?? [])] : [];
  return filtered
    .filter((field) => has(ours, field) && !has(theirs, field))
    .map((field) => ({ at: `data[field=${field}]`, target: 'not listed, though the query endpoint filtered on it', oracle: 'listed' }));
}

/** A read of the fields of each entity the run's accepted queries filtered on (after the sequence, with the read-back). */
export function fieldsReadBack(filteredOn: FilteredOn): Step[] {
  return [...filteredOn.keys()].map((entity, index) => ({
    id: -200_000 - index,
    operationId: 'listQueryFields',
    params: { entity },
    query: {},
    variant: 'valid' as const,
  }));
}
