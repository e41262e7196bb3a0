// Mutants of the query endpoint (spec 4.13): each is one bug of a query engine another team might
// ship, acting where the mock's own engine reads its input (the handler's misreading of a
// condition, alterInput) or around it (aroundHandler), on runQuery only.
import { changed, jsonOf, type Fault } from '../fault.ts';
import { ApiError } from '../../errors/api-error.ts';
import { invalidQuery } from '../../resources/query/query-errors.ts';
import { answerAltered, without } from './handler-answer.ts';
import { conditionsRead, type Condition } from './query-conditions.ts';
import { onOperation, sentJson, withJson } from '../request-match.ts';

/** A mutant whose engine reads each condition of the filter as `misread` gives it. */
function misreading(name: string, proves: string[], description: string, misread: (condition: Condition) => unknown): Fault {
  return { name, area: 'query', proves, description, operations: ['runQuery'], alterInput: conditionsRead(misread) };
}

/** The condition with its operator read as another when it is `from`. */
const opAs = (from: Record<string, string>) => (condition: Condition) =>
  from[condition.op] ? { ...condition, op: from[condition.op] } : condition;

/** A field of a linked record (`contact.name`), not one of the lead's own utm fields. */
const isLinked = (field: string) => /^(contact|company|owner)\./.test(field);

/** A money condition of an echoed q: `amount > 500`. */
const MONEY_IN_ECHO = /\bamount (!=|>=|<=|=|>|<) (\d+)\b/g;

/** A regex with a repeat inside a repeated group, as `(a+)+`. */
const NESTED_REPEAT = /\([^)]*[+*][^)]*\)[+*{]/;

export const queryMutants: Fault[] = [
  misreading(
    'query-gt-includes-boundary',
    ['query.op-gt', 'query.not'],
    'gt matches the value itself, as gte does (an off-by-one comparison).',
    opAs({ gt: 'gte' }),
  ),
  misreading(
    'query-gte-excludes-boundary',
    ['query.op-gte', 'query.group-and'],
    'gte leaves out the value itself, as gt does (an off-by-one comparison).',
    opAs({ gte: 'gt' }),
  ),
  misreading(
    'query-lt-includes-boundary',
    ['query.op-lt'],
    'lt matches the value itself, as lte does (an off-by-one comparison).',
    opAs({ lt: 'lte' }),
  ),
  misreading(
    'query-lte-excludes-boundary',
    ['query.op-lte'],
    'lte leaves out the value itself, as lt does (an off-by-one comparison).',
    opAs({ lte: 'lt' }),
  ),
  misreading(
    'query-between-upper-bound-ignored',
    ['query.op-between'],
    '`between [from, to]` is built as `>= from` alone (the upper bound is dropped): numbers above `to` match too.',
    (condition) =>
      condition.op === 'between' && Array.isArray(condition.value) ? { ...condition, op: 'gte', value: condition.value[0] } : condition,
  ),
  misreading(
    'query-negations-lost',
    ['query.op-neq', 'query.op-not-in', 'query.op-not-contains', 'query.op-not-empty', 'query.not'],
    'The negated operators lose their negation: neq, not_in, not_contains and not_empty match as eq, in, contains and empty.',
    opAs({ neq: 'eq', not_in: 'in', not_contains: 'contains', not_empty: 'empty' }),
  ),
  misreading(
    'query-money-in-major-units',
    [
      'query.op-eq',
      'query.op-not-in',
      'query.op-gt',
      'query.op-gte',
      'query.op-lt',
      'query.op-lte',
      'query.op-between',
      'query.not',
      'query.group-and',
      'query.group-or',
      'query.nested-groups',
    ],
    'Money values in conditions are read in major units and multiplied by 100 (spec 2.1: money is already in the smallest unit).',
    (condition) =>
      condition.field === 'amount'
        ? {
            ...condition,
            value: Array.isArray(condition.value) ? condition.value.map((value) => Number(value) * 100) : Number(condition.value) * 100,
          }
        : condition,
  ),
  misreading('query-in-first-value-only', ['query.op-in'], 'in matches the first value of its list only.', (condition) =>
    condition.op === 'in' && Array.isArray(condition.value) ? { ...condition, value: condition.value.slice(0, 1) } : condition,
  ),
  misreading(
    'query-contains-as-prefix',
    ['query.op-contains', 'query.not', 'query.group-and'],
    'contains matches at the start of the text only, as an index prefix lookup does.',
    opAs({ contains: 'starts' }),
  ),
  misreading(
    'query-starts-ends-swapped',
    ['query.op-starts', 'query.op-ends', 'query.nested-groups'],
    'starts and ends are swapped in the operator table: starts matches the end of the text, ends its start.',
    opAs({ starts: 'ends', ends: 'starts' }),
  ),
  misreading(
    'query-empty-misses-unset',
    ['query.op-empty'],
    'empty never matches a record created without the field: the engine looks for a stored empty value, and such a record stores none.',
    (condition) =>
      condition.op === 'empty' ? { op: 'and', conditions: [condition, { field: condition.field, op: 'not_empty' }] } : condition,
  ),
  misreading(
    'query-regex-whole-text',
    ['query.op-regex'],
    'regex must match the whole text (anchored at both ends), not a part of it.',
    (condition) =>
      condition.op === 'regex' && typeof condition.value === 'string' ? { ...condition, value: `^(?:${condition.value})$` } : condition,
  ),
  misreading(
    'query-sounds-like-exact',
    ['query.op-sounds-like'],
    'sounds_like matches exactly equal texts only: the phonetic comparison is not applied.',
    opAs({ sounds_like: 'eq' }),
  ),
  misreading(
    'query-duplicate-counts-empty',
    ['query.op-duplicate'],
    'duplicate counts records without a value as duplicates of one another (null grouped as one value).',
    (condition) =>
      condition.op === 'duplicate' ? { op: 'or', conditions: [condition, { field: condition.field, op: 'empty' }] } : condition,
  ),
  misreading(
    'query-all-as-any',
    ['query.op-all'],
    'all matches records with any of the values listed, as in does, not with every one.',
    opAs({ all: 'in' }),
  ),
  misreading(
    'query-calendar-first-value-only',
    ['query.op-weekday', 'query.op-hour'],
    'weekday and hour read the first value of their list only.',
    (condition) =>
      (condition.op === 'weekday' || condition.op === 'hour') && Array.isArray(condition.value)
        ? { ...condition, value: condition.value.slice(0, 1) }
        : condition,
  ),
  {
    name: 'query-and-of-first-two',
    area: 'query',
    proves: ['query.group-and'],
    description: 'An and group of more than two conditions joins only its first two: the rest are not applied.',
    operations: ['runQuery'],
    alterInput: (input) => {
      const body = input.body as { query?: { op: string; conditions: unknown[] } };
      if (body.query?.op !== 'and' || body.query.conditions.length <= 2) return input;
      return { ...input, body: { ...body, query: { ...body.query, conditions: body.query.conditions.slice(0, 2) } } };
    },
  },
  {
    name: 'query-asc-keys-dropped',
    area: 'query',
    proves: ['query.sort-asc', 'query.sort-keys-in-order', 'query.masked-sort'],
    description:
      'A sort key with dir asc is dropped (only desc keys are applied), so an ascending sort comes back in the list order, newest first.',
    operations: ['runQuery'],
    alterInput: (input) => {
      const body = input.body as { sort?: { dir: string }[] };
      return body.sort ? { ...input, body: { ...body, sort: body.sort.filter((key) => key.dir !== 'asc') } } : input;
    },
  },
  {
    name: 'query-body-limit-ignored',
    area: 'query',
    proves: ['query.limit', 'query.cursor'],
    description: 'limit in a query body is not read: every page has the default size of 50.',
    operations: ['runQuery'],
    alterInput: (input) => ({ ...input, body: without(input.body as object, 'limit') }),
  },
  {
    name: 'query-total-always',
    area: 'query',
    proves: ['query.no-count-no-total'],
    description: 'A query answers total even without count, counting the page it answers.',
    operations: ['runQuery'],
    aroundHandler: answerAltered((body) => ('total' in body ? body : { ...body, total: body.data.length })),
  },
  {
    name: 'query-text-filter-ignored',
    area: 'query',
    proves: ['query.text-filter', 'query.q-echo', 'query.q-echo-reusable'],
    description: 'A text filter q is not applied: a body with q answers every record of the entity.',
    operations: ['runQuery'],
    alterInput: (input) => {
      const body = input.body as { q?: string };
      return body.q === undefined ? input : { ...input, body: { ...without(body, 'q'), query: { op: 'and', conditions: [] } } };
    },
  },
  {
    name: 'query-echo-money-major-units',
    area: 'query',
    proves: ['query.q-echo-reusable'],
    description:
      'The q a query echoes writes money in major units for people (amount > 5.00 for 500), so the echo sent back as a text filter matches other records.',
    operations: ['runQuery'],
    aroundHandler: answerAltered((body) => ({
      ...body,
      q:
        typeof body.q === 'string'
          ? body.q.replace(MONEY_IN_ECHO, (_all: string, op: string, amount: string) => `amount ${op} ${(Number(amount) / 100).toFixed(2)}`)
          : body.q,
    })),
  },
  {
    name: 'query-nested-repeat-refused',
    area: 'query',
    proves: ['query.too-slow'],
    description: 'A regex with a nested repeat such as (a+)+ is refused as invalid_query, not run or answered query_too_slow (spec 7.3).',
    operations: ['runQuery'],
    alterInput: conditionsRead((condition) => {
      if (condition.op === 'regex' && typeof condition.value === 'string' && NESTED_REPEAT.test(condition.value))
        throw invalidQuery('query', `the pattern ${condition.value} is not a valid regex`);
      return condition;
    }),
  },
  {
    name: 'query-misfit-operator-no-match',
    area: 'query',
    proves: ['query.operator-for-type'],
    description:
      'A filter the engine cannot apply (an operator that does not fit its field, as regex on amount) matches nothing instead of answering invalid_query (spec 7.3).',
    operations: ['runQuery'],
    aroundHandler: async (next) => {
      try {
        return await next();
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== 'invalid_query') throw error;
        return { body: { data: [], next_cursor: null, total_estimated: false, q: '' } };
      }
    },
  },
  {
    name: 'query-changed-cursor-restarts',
    area: 'query',
    proves: ['query.changed-cursor'],
    description: 'A query cursor that does not decode starts again at the first page instead of answering invalid_cursor (spec 4.13).',
    wrap: onOperation('runQuery', async (next, request, info) => {
      const sent = await sentJson(request);
      const answer = await next(request.clone(), info);
      if (!sent?.cursor || (await jsonOf(answer))?.error?.code !== 'invalid_cursor') return answer;
      return next(withJson(request, without(sent, 'cursor')), info);
    }),
  },
  {
    name: 'query-estimate-only-with-count',
    area: 'query',
    proves: ['query.entities', 'responses.shape.run-query'],
    description:
      'A query without count leaves total_estimated out, as if it belonged to total (spec 4.13: the answer is {data, next_cursor, total (with count true), total_estimated, q}).',
    operations: ['runQuery'],
    aroundHandler: answerAltered((body, context) =>
      (context.input.body as { count?: boolean }).count ? body : without(body, 'total_estimated'),
    ),
  },
  {
    name: 'query-linked-fields-unknown',
    area: 'query',
    proves: ['query.fields-usable'],
    description:
      'The fields route lists the fields of linked records (contact.name, company.name, owner.name, contact.phones) but the engine does not join: a condition or sort naming one answers invalid_query.',
    operations: ['runQuery'],
    alterInput: (input, context) => {
      const body = input.body as { sort?: { field: string }[] };
      const sorted = body.sort?.findIndex((key) => isLinked(key.field)) ?? -1;
      if (sorted >= 0) throw invalidQuery(`sort[${sorted}].field`, `unknown field ${body.sort![sorted]!.field}`);
      return conditionsRead((condition) => {
        if (isLinked(condition.field)) throw invalidQuery('query', `unknown field ${condition.field}`);
        return condition;
      })(input);
    },
  },
  {
    name: 'query-filter-choice-names-body',
    area: 'query',
    proves: ['query.filter-exactly-one-named'],
    description:
      'A query body with both query and q, or neither, is refused naming the body as a whole (fields {body}) instead of query or q.',
    wrap: onOperation('runQuery', async (next, request, info) => {
      const sent = await sentJson(request);
      const answer = await next(request, info);
      if (!sent || 'query' in sent !== 'q' in sent) return answer;
      const body = answer.status === 422 ? await jsonOf(answer) : undefined;
      const fields = body?.error?.code === 'validation_failed' ? (body.error.fields ?? {}) : {};
      if (!('query' in fields) && !('q' in fields)) return answer;
      return changed(answer, { body: { error: { ...body.error, fields: { body: 'send exactly one of query and q' } } } });
    }),
  },
];
