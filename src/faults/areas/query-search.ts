// Mutants of the query endpoint (spec 4.13): its conditions and groups, operators, sorting
// and what a search matches.
import type { ValidatedInput } from '../../http/request-validation.ts';
import { changed, jsonOf, onErrorCode, type Fault } from '../fault.ts';
import { retryAsOwner } from '../owner-key.ts';
import { errorAnswer, groupsOf, onOperation, onQuery, probe, sentJson } from '../request-match.ts';

/**
 * The query handler's own misreading of a valid body (it was validated as sent): the handler of
 * POST /v1/query/{entity} is given `change(body)` instead (seams/handler-seams.ts).
 */
function misreadQuery(change: (body: any) => any): Pick<Fault, 'operations' | 'alterInput'> {
  return {
    operations: ['runQuery'],
    alterInput: (input: ValidatedInput) => (input.body && typeof input.body === 'object' ? { ...input, body: change(input.body) } : input),
  };
}

/** Changes the successful answers of POST /v1/query/{entity}. */
function withQueryAnswer(change: (answer: any) => any) {
  return onOperation('runQuery', async (next, request, info) => {
    const response = await next(request, info);
    const body = response.ok ? await jsonOf(response) : undefined;
    return body ? changed(response, { body: change(body) }) : response;
  });
}

/** Every condition of a group tree, changed. */
function mapConditions(group: any, change: (condition: any) => any): any {
  if (!group || !Array.isArray(group.conditions)) return group;
  return {
    ...group,
    conditions: group.conditions.map((node: any) => (Array.isArray(node?.conditions) ? mapConditions(node, change) : change(node))),
  };
}

const isGroup = (node: any): boolean => Array.isArray(node?.conditions);

/** Every condition of a group tree (the objects themselves, to change in place). */
function conditionsIn(group: any): any[] {
  return isGroup(group) ? group.conditions.flatMap((node: any) => (isGroup(node) ? conditionsIn(node) : [node])) : [];
}

export const querySearchMutants: readonly Fault[] = [
  {
    name: 'query-not-ignored',
    area: 'query',
    proves: ['query.not'],
    description: 'The `not` flag of a query condition is ignored: a negated condition matches what the condition alone matches.',
    ...misreadQuery((body) => ({ ...body, query: mapConditions(body.query, ({ not: _not, ...condition }) => condition) })),
  },
  {
    name: 'query-between-excludes-ends',
    area: 'query',
    proves: ['query.op-between-ends'],
    description: '`between [from, to]` leaves out records equal to from or to (a strict comparison on both ends).',
    ...misreadQuery((body) => ({
      ...body,
      query: mapConditions(body.query, (condition) =>
        condition.op === 'between' && Array.isArray(condition.value) && condition.value.every(Number.isInteger)
          ? { ...condition, value: [condition.value[0] + 1, condition.value[1] - 1] }
          : condition,
      ),
    })),
  },
  {
    name: 'query-sort-dir-ignored',
    area: 'query',
    proves: ['query.bad-value-named', 'query.sort-desc', 'query.sort-keys-in-order'],
    description: 'Query sort keys always sort ascending: `dir: desc` is ignored.',
    // Before validation: a dir the document refuses is read as asc too (query.bad-value-named).
    wrap: onQuery((body) => (Array.isArray(body.sort) ? { ...body, sort: body.sort.map((key: any) => ({ ...key, dir: 'asc' })) } : body)),
  },
  {
    name: 'query-total-of-page',
    area: 'query',
    proves: ['query.count-total'],
    description: "With count: true the query answer's total is the number of records on the page, not of every match.",
    wrap: withQueryAnswer((answer) => ('total' in answer ? { ...answer, total: answer.data.length } : answer)),
  },
  {
    name: 'query-echo-empty',
    area: 'query',
    proves: ['query.q-echo'],
    description: 'The query answer does not echo the filter: `q` is an empty string.',
    wrap: withQueryAnswer((answer) => ({ ...answer, q: '' })),
  },
  {
    name: 'query-fields-untyped',
    area: 'query',
    proves: ['query.fields-route', 'responses.shape.list-query-fields'],
    description: 'The query fields route lists the field names without their types.',
    wrap: onOperation('listQueryFields', async (next, request, info) => {
      const response = await next(request, info);
      if (!response.ok) return response;
      const body = await jsonOf(response);
      return changed(response, { body: { ...body, data: body.data.map(({ type: _type, ...field }: any) => field) } });
    }),
  },
  {
    name: 'query-masked-partial-match-allowed',
    area: 'query',
    proves: ['query.masked-filter', 'query.masked-sort'],
    description:
      'A role that sees masked phones and emails may match them partly (contains) and sort by them: masking is applied to the answer only.',
    wrap: (next, state) => {
      const unmasked = (code: string) =>
        onErrorCode(code, async (response, _body, request) => {
          return retryAsOwner(state, next, request, response);
        });
      return unmasked('masked_sort')(unmasked('masked_filter')(next));
    },
  },
  {
    name: 'query-values-as-unknown-fields',
    area: 'query',
    proves: ['errors.docs-url-names-code', 'query.bad-value-named', 'query.filter-exactly-one'],
    description:
      'The query body is validated as "a group body or a text body", so a wrong value (an empty q, limit 0, a bad op) answers 400 unknown_field naming the documented q or query instead of the value\'s own problem.',
    wrap: onOperation('runQuery', (next, request, info) =>
      onErrorCode('validation_failed', async (response, body, request) => {
        const sent = await request
          .clone()
          .json()
          .catch(() => ({}));
        const named = ['q', 'query'].filter((field) => field in sent);
        return changed(response, {
          status: 400,
          body: {
            error: { ...body.error, code: 'unknown_field', fields: Object.fromEntries(named.map((field) => [field, 'unknown field'])) },
          },
        });
      })(next)(request, info),
    ),
  },
  // Found by the third blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'query-or-groups-as-and',
    area: 'query',
    proves: ['query.group-or', 'query.nested-groups'],
    description:
      "A group's op is not read: its conditions are always joined with and, so an or group finds only records matching all of them (spec 4.13).",
    ...misreadQuery((body) => {
      for (const group of groupsOf(body.query)) if (group.op === 'or') group.op = 'and';
      return body;
    }),
  },
  {
    name: 'query-nested-groups-ignored',
    area: 'query',
    proves: ['query.group-or', 'query.nested-groups'],
    description:
      'Nested groups inside a query are skipped by the translator (only conditions with a field are read), so a nested group narrows nothing (spec 4.13: nested groups, 2 levels).',
    ...misreadQuery((body) => {
      if (Array.isArray(body.query?.conditions))
        body.query.conditions = body.query.conditions.filter((item: any) => !Array.isArray(item?.conditions));
      return body;
    }),
  },
  {
    name: 'query-five-sort-keys-refused',
    area: 'query',
    proves: ['query.sort-keys-limit'],
    description:
      'A query with exactly 5 sort keys is refused with too_many_conditions: the limit is checked with < 5 (spec 8: 5 sort keys).',
    wrap: onQuery((body) => {
      if (Array.isArray(body.sort) && body.sort.length === 5) body.sort.push(body.sort[4]);
      return body;
    }),
  },
  {
    name: 'query-sort-after-first-key-ignored',
    area: 'query',
    proves: ['query.sort-keys-in-order', 'query.sort-keys-limit', 'query.cursor'],
    description:
      'Only the first sort key of a query is applied; records tied on it come in creation order instead of by the second key (spec 4.13: sort is a list of keys).',
    ...misreadQuery((body) => {
      if (Array.isArray(body.sort) && body.sort.length > 1) body.sort = body.sort.slice(0, 1);
      return body;
    }),
  },
  // Found by the eighth blind hunt (written from the spec and the mock alone, before reading any check).
  {
    name: 'query-masked-exact-match-refused',
    area: 'query',
    proves: ['query.masked-filter'],
    description:
      'A role that sees masked phones and emails gets masked_filter for every condition on them, the exact full value (eq, in) included, where exact matches are allowed (spec 7.3).',
    wrap: (next, state) =>
      onOperation('runQuery', async (next, request, info, { params }) => {
        const sent = await sentJson(request);
        const exact = conditionsIn(sent?.query).filter((condition) => ['eq', 'in'].includes(condition.op));
        const response = await next(request, info);
        if (!response.ok || exact.length === 0) return response;
        const fields = await jsonOf(await next(probe(request, `/v1/query/${params.entity}/fields`), info));
        const masked = (fields?.data ?? [])
          .filter((field: any) => ['phone', 'email'].includes(field.type) && !field.operators?.includes('contains'))
          .map((field: any) => field.field);
        const hit = exact.find((condition) => masked.includes(condition.field));
        return hit
          ? errorAnswer(state, response, 422, {
              code: 'masked_filter',
              message: 'This role sees masked phones and emails.',
              fields: { query: `${hit.field} is masked` },
            })
          : response;
      })(next, state),
  },
  {
    name: 'query-needs-write-scope',
    area: 'query',
    proves: ['query.entity-scope', 'query.masked-filter'],
    description:
      'POST /v1/query/{entity} is filed with the writes: a key with the read scope alone (leads:read) gets 403 missing_scope naming leads:write, where the read scope of the entity is enough (spec 4.13).',
    wrap: (next, state) =>
      onOperation('runQuery', async (next, request, info, { params }) => {
        const response = await next(request, info);
        const secret = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
        const credential = secret ? state.findCredential(secret)?.credential : undefined;
        const scopes =
          credential?.kind === 'api_key'
            ? credential.apiKey.scopes
            : credential?.kind === 'access_token'
              ? credential.accessToken.scopes
              : undefined;
        const scope = `${params.entity}:write`;
        return response.ok && scopes && !scopes.includes(scope)
          ? errorAnswer(state, response, 403, { code: 'missing_scope', message: 'The key lacks a scope.', scope })
          : response;
      })(next, state),
  },
];
