// A list's filters, read from the document's query parameters of its operation: a value of an
// enum (`status=closed`, `archived=all`, a task's `due`), `true` or `false`, or the id of a
// record the run made of the type an id pattern names (`contact=ct_…`), each value in turn
// (coverage.ts). Paging, search and sort are the list move's own (`limit`, `cursor`, `q`, `sort`);
// any other parameter is left out.
import { concrete, operationOf } from './document-schemas.ts';
import type { Ref } from './step.ts';
import type { ValueContext } from './values.ts';

const OWN = new Set(['limit', 'cursor', 'q', 'sort']);

/** Now and then one of the list's filters, the one (and the value) sent least so far. */
export function filtersOf(operationId: string, context: ValueContext): Record<string, string | Ref> {
  const choices = operationOf(operationId)
    .parameters.filter((parameter) => parameter.in === 'query' && !OWN.has(parameter.name))
    .flatMap((parameter) => valuesOf(concrete(parameter.schema), context).map((value) => ({ name: parameter.name, value })));
  if (!choices.length || context.prng.chance(0.4)) return {};
  const { name, value } = context.coverage.least(
    choices,
    (choice) => `${operationId} ${choice.name}=${typeof choice.value === 'string' ? choice.value : 'id'}`,
  );
  return { [name]: value };
}

/** The values a filter may take: its enum's, `true` and `false`, or a record of the run of the type its id pattern names. */
function valuesOf(schema: Record<string, any>, context: ValueContext): (string | Ref)[] {
  if (schema.enum) return schema.enum.filter((value: unknown) => value !== '').map(String);
  if (schema.type === 'boolean') return ['true', 'false'];
  const idPrefix = /^\^\(([a-z]+)\|/.exec(schema.pattern ?? '')?.[1];
  const ref = idPrefix ? context.refOf(idPrefix) : undefined;
  return ref ? [ref] : [];
}
