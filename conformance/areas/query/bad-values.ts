// Spec 2.1, 4.13, 7.3: the query body's fields are documented (`query` or `q`, `sort`, `limit`,
// `cursor`, `count`), so a wrong value of one of them is that value's problem: 400 bad_json for a
// wrong type, else 422 (validation_failed, or invalid_query for the filter), naming the field. It
// is never 400 unknown_field, which is for fields the endpoint does not document: an empty `q`, a
// page size of 0, a group's `op` of `xor`, a condition's unknown operator, a sort direction `up`.
// Also a body with both `query` and `q`, or neither (spec 4.13: `q` in place of `query`): refused
// with 422 validation_failed (query.filter-exactly-one), naming `query` or `q`
// (query.filter-exactly-one-named). Both rules carry readings: the spec says neither the answer
// nor which field it names, so a deployment that answers otherwise or names no field is warned.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';

const CONDITION = { field: 'amount', op: 'gte', value: 1 };
const GROUP = { op: 'and', conditions: [CONDITION] };

/** A body with one wrong value, and the field an answer must name (itself, or a field inside it). */
const CASES: { what: string; body: Record<string, unknown>; field: string }[] = [
  { what: 'an empty q', body: { q: '' }, field: 'q' },
  { what: 'limit 0', body: { q: 'conformance', limit: 0 }, field: 'limit' },
  { what: 'a group op "xor"', body: { query: { ...GROUP, op: 'xor' } }, field: 'query' },
  { what: 'a condition op "bogus"', body: { query: { op: 'and', conditions: [{ ...CONDITION, op: 'bogus' }] } }, field: 'query' },
  { what: 'a sort dir "up"', body: { query: GROUP, sort: [{ field: 'amount', dir: 'up' }] }, field: 'sort' },
];

/** Bodies with both filters or none, and the fields an answer may name for them. */
const FILTER_CHOICES: { what: string; body: Record<string, unknown> }[] = [
  { what: 'both query and q', body: { query: GROUP, q: 'conformance' } },
  { what: 'neither query nor q', body: { limit: 10 } },
];
const FILTER_FIELDS = ['query', 'q'];

/** send, not call: each body breaks the document's schema of a query (a value out of its range or enum, both filters or none), on purpose. */
function query(context: CheckContext, body: Record<string, unknown>) {
  return context.client.send('POST', '/v1/query/leads', { body });
}

export const queryBadValues: ActiveCheck = {
  kind: 'active',
  id: 'query.bad-values',
  area: 'query',
  title:
    'a wrong value of a documented query field (an empty q, limit 0, a bad op or dir) answers 400 bad_json or 422 naming that field, never 400 unknown_field; both query and q, or neither, answers 422 validation_failed naming one of them',
  spec: '2.1, 4.13, 7.3',
  basis: 'documented',
  writes: false,
  async run(context) {
    for (const { what, body, field } of CASES) {
      const answer = await query(context, body);
      const error = answer.json?.error;
      const names = Object.keys(error?.fields ?? {});
      const named = names.some((name) => name === field || name.startsWith(`${field}.`) || name.startsWith(`${field}[`));
      const refused =
        (answer.status === 400 && error?.code === 'bad_json') ||
        (answer.status === 422 && ['validation_failed', 'invalid_query'].includes(error?.code));
      context.judge(
        'query.bad-value-named',
        !refused || !named
          ? `a query with ${what} answered ${answer.status} ${error?.code ?? ''} with fields ${JSON.stringify(names)}, not 400 bad_json or 422 naming ${field}`
          : undefined,
        answer,
      );
    }
    for (const { what, body } of FILTER_CHOICES) {
      const answer = await query(context, body);
      const error = answer.json?.error;
      const refused = answer.status === 422 && error?.code === 'validation_failed';
      context.judge(
        'query.filter-exactly-one',
        refused ? undefined : `a query with ${what} answered ${answer.status} ${error?.code ?? ''}, not 422 validation_failed`,
        answer,
      );
      const names = Object.keys(error?.fields ?? {});
      if (refused)
        context.judge(
          'query.filter-exactly-one-named',
          names.some((name) => FILTER_FIELDS.includes(name))
            ? undefined
            : `a query with ${what} answered 422 validation_failed with fields ${JSON.stringify(names)}, naming neither query nor q`,
          answer,
        );
    }
  },
};
