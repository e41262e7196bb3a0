// Mutants of how the input of a list or a query is refused (spec 4.13, 7.3): its limits, filters
// and sort as the validation error they are.
import { changed, onErrorCode, type Fault } from '../fault.ts';
import { groupsOf, onQuery } from '../request-match.ts';

const isGroup = (node: any): boolean => Array.isArray(node?.conditions);

/** Every condition of a query's group tree (the objects themselves, to change in place). */
const conditionsIn = (group: any): any[] => groupsOf(group).flatMap((each) => each.conditions.filter((node: any) => !isGroup(node)));

export const queryInputMutants: readonly Fault[] = [
  {
    name: 'query-limits-as-validation',
    area: 'query',
    proves: [
      'errors.docs-url-names-code',
      'query.nesting-limit-code',
      'query.limit-conditions',
      'query.limit-regex-conditions',
      'query.limit-list-values',
      'query.regex-length',
      'query.unknown-field',
    ],
    description:
      'Queries past the limits of spec 8 answer validation_failed instead of too_many_conditions (with limit) and invalid_query.',
    wrap: (next) =>
      ['too_many_conditions', 'invalid_query'].reduce(
        (handle, code) =>
          onErrorCode(code, (response, body) =>
            changed(response, { body: { error: { ...body.error, code: 'validation_failed', fields: { query: body.error.message } } } }),
          )(handle),
        next,
      ),
  },
  // Found by the third blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'query-hundred-list-values-refused',
    area: 'query',
    proves: ['query.limit-list-values'],
    description:
      'A condition whose list value has exactly 100 entries (in, not_in, all) is refused with too_many_conditions: the check is length < 100 (spec 8: 100 list values).',
    wrap: onQuery((body) => {
      for (const group of groupsOf(body.query)) {
        for (const condition of group.conditions)
          if (Array.isArray(condition?.value) && condition.value.length === 100) condition.value.push(condition.value[99]);
      }
      return body;
    }),
  },
  // The eighth blind hunt's query limits, filed with query.query-limits, the suite's check of the limits of spec 8 (written before reading any check).
  {
    name: 'query-fifty-conditions-refused',
    area: 'query',
    proves: ['query.limit-conditions'],
    description:
      'A query with exactly 50 conditions is refused with too_many_conditions: the count is checked with < 50 (spec 8: 50 conditions).',
    wrap: onQuery((body) => {
      const conditions = conditionsIn(body.query);
      if (conditions.length === 50) body.query.conditions.push(structuredClone(conditions[0]));
      return body;
    }),
  },
  {
    name: 'query-three-regex-refused',
    area: 'query',
    proves: ['query.limit-regex-conditions'],
    description:
      'A query with exactly 3 regex conditions is refused with too_many_conditions: the regex count is checked with < 3 (spec 8: 3 regex conditions).',
    wrap: onQuery((body) => {
      const regexes = conditionsIn(body.query).filter((condition) => condition.op === 'regex');
      if (regexes.length === 3) body.query.conditions.push(structuredClone(regexes[0]));
      return body;
    }),
  },
  {
    name: 'query-list-values-past-100-cut',
    area: 'query',
    proves: ['query.limit-list-values'],
    description:
      'A list value of more than 100 entries (in, not_in, all) is cut to its first 100 and the query answered, instead of refused with 422 too_many_conditions (spec 8: 100 list values).',
    wrap: onQuery((body) => {
      for (const condition of conditionsIn(body.query))
        if (Array.isArray(condition.value) && condition.value.length > 100) condition.value = condition.value.slice(0, 100);
      return body;
    }),
  },
  {
    name: 'query-third-level-accepted',
    area: 'query',
    proves: ['query.nesting-limit'],
    description:
      'Groups nested 3 levels deep are not refused: the translator folds a third-level group into its parent and answers 200, where nesting stops at 2 levels (spec 4.13, 8: 422).',
    wrap: onQuery((body) => {
      for (const second of (body.query?.conditions ?? []).filter(isGroup)) {
        second.conditions = second.conditions.flatMap((node: any) => (isGroup(node) ? conditionsIn(node) : [node]));
      }
      return body;
    }),
  },
  {
    name: 'query-regex-200-refused',
    area: 'query',
    proves: ['query.regex-length'],
    description:
      'A regex of exactly 200 characters is refused with invalid_query: the length is checked with < 200 (spec 7.3: a regex of 1 to 200 characters).',
    wrap: onQuery((body) => {
      for (const condition of conditionsIn(body.query))
        if (condition.op === 'regex' && typeof condition.value === 'string' && [...condition.value].length === 200) condition.value += 'x';
      return body;
    }),
  },
];
