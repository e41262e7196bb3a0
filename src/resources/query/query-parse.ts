// A query body (spec 4.13) as a tree the evaluator compiles: `query` (a group of conditions) or
// the text filter `q` in its place, and `sort`. Each node keeps where it came from in the body,
// for `fields` of an error. The limits of spec 8 are checked here, on the shape alone, before any
// field is looked up: nesting (422 `invalid_query`), conditions, regex conditions, list values and
// sort keys (422 `too_many_conditions` with `limit`), regex length (`invalid_query`).
import type { components } from '../../spec/generated/crm.d.ts';
import type { QueryLimits } from './query-document.ts';
import { invalidQuery, tooManyConditions } from './query-errors.ts';
import { parseText } from './query-text.ts';
import type { Condition, Group, ParsedQuery, SortKey } from './query-tree.ts';

export type QueryBody = components['schemas']['QueryRequest'];
type BodyGroup = components['schemas']['QueryGroup'];
type BodyCondition = components['schemas']['QueryCondition'];

export function parseQuery(body: QueryBody, limits: QueryLimits): ParsedQuery {
  // The body's schema has required exactly one of `q` and `query`.
  const where = body.q !== undefined ? parseText(body.q) : fromBody(body.query!, 'query');
  const sort = (body.sort ?? []).map((key, index) => ({ field: key.field, dir: key.dir, path: `sort[${index}]` }));
  checkLimits(where, sort, limits);
  return { where, sort };
}

function fromBody(group: BodyGroup, path: string): Group {
  return {
    kind: 'group',
    op: group.op,
    path,
    // The schema chose each entry's shape (if it has `conditions`, a group; else a condition).
    conditions: (group.conditions as (BodyGroup | BodyCondition)[]).map((node, index) => {
      const at = `${path}.conditions[${index}]`;
      return 'conditions' in node ? fromBody(node, at) : fromCondition(node, at);
    }),
  };
}

function fromCondition(condition: BodyCondition, path: string): Condition {
  return { kind: 'condition', field: condition.field, op: condition.op, value: condition.value, not: condition.not ?? false, path };
}

function checkLimits(where: Group, sort: SortKey[], limits: QueryLimits): void {
  checkNesting(where, 1, limits.nesting);
  const conditions = conditionsOf(where);
  if (conditions.length > limits.conditions) {
    throw tooManyConditions(
      limits.conditions,
      where.path,
      `a query holds at most ${limits.conditions} conditions; this one has ${conditions.length}`,
    );
  }
  const regexes = conditions.filter((condition) => condition.op === 'regex');
  if (regexes.length > limits.regex_conditions) {
    throw tooManyConditions(
      limits.regex_conditions,
      regexes[limits.regex_conditions]!.path,
      `a query holds at most ${limits.regex_conditions} regex conditions`,
    );
  }
  const longList = conditions.find((condition) => Array.isArray(condition.value) && condition.value.length > limits.list_values);
  if (longList) throw tooManyConditions(limits.list_values, `${longList.path}.value`, `a list holds at most ${limits.list_values} values`);
  if (sort.length > limits.sort_keys) throw tooManyConditions(limits.sort_keys, 'sort', `at most ${limits.sort_keys} sort keys`);
  for (const regex of regexes) checkRegexLength(regex, limits.regex_length);
}

/** The top group is level 1; a group inside it level 2. */
function checkNesting(group: Group, level: number, nesting: number): void {
  if (level > nesting) throw invalidQuery(group.path, `groups nest at most ${nesting} levels`);
  for (const node of group.conditions) if (node.kind === 'group') checkNesting(node, level + 1, nesting);
}

function checkRegexLength(condition: Condition, maximum: number): void {
  const { value } = condition;
  if (typeof value !== 'string' || [...value].length < 1 || [...value].length > maximum) {
    throw invalidQuery(`${condition.path}.value`, `a regex is a string of 1 to ${maximum} characters`);
  }
}

export function conditionsOf(group: Group): Condition[] {
  return group.conditions.flatMap((node) => (node.kind === 'group' ? conditionsOf(node) : [node]));
}
