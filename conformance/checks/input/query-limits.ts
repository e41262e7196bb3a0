import { loadDocument } from '../../../src/spec/document.ts';
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';

/** The query limits of spec 8, as the document states them (`x-query-limits` on QueryRequest). */
const LIMITS = (loadDocument('crm').components?.schemas?.QueryRequest as { 'x-query-limits': { conditions: number; regex_conditions: number; list_values: number; nesting: number; regex_length: number } })['x-query-limits'];

const amountAtLeast = (value: number) => ({ field: 'amount', op: 'gte', value });
const nameMatches = (value: string) => ({ field: 'name', op: 'regex', value });

export const queryLimits: ActiveCheck = {
  kind: 'active',
  id: 'input.query-limits',
  family: 'input',
  title: `a query over ${LIMITS.conditions} conditions, ${LIMITS.regex_conditions} regex conditions or ${LIMITS.list_values} list values answers too_many_conditions with the limit; an empty regex or one over ${LIMITS.regex_length} characters, groups nested over ${LIMITS.nesting} levels and an unknown field answer invalid_query`,
  spec: '4.13, 8',
  basis: 'documented',
  writes: false,
  async run(context) {
    // Each rule of the check gets its own verdict: a reading's answer (invalid_query for a misfit) must not fail a stated limit.
    const tooMany = async (rule: string, what: string, conditions: unknown[], limit: number) => {
      const answer = await query(context, { op: 'and', conditions });
      const error = answer.json?.error;
      const wrong = answer.status !== 422 || error?.code !== 'too_many_conditions';
      context.judge(rule, wrong ? `${what}: answered ${answer.status} ${error?.code ?? ''}, not 422 too_many_conditions` : error.limit !== limit && `${what}: too_many_conditions names limit ${error.limit}, not ${limit}`, answer);
    };
    await tooMany('query.limit-conditions', 'conditions', Array.from({ length: LIMITS.conditions + 1 }, (_, index) => amountAtLeast(index)), LIMITS.conditions);
    await tooMany('query.limit-regex-conditions', 'regex conditions', Array.from({ length: LIMITS.regex_conditions + 1 }, (_, index) => nameMatches(`^${index}`)), LIMITS.regex_conditions);
    const values = Array.from({ length: LIMITS.list_values + 1 }, (_, index) => `source-${index}`);
    await tooMany('query.limit-list-values', 'list values', [{ field: 'source', op: 'in', value: values }], LIMITS.list_values);

    let nested: unknown = amountAtLeast(1);
    for (let level = 0; level <= LIMITS.nesting; level++) nested = { op: 'and', conditions: [nested] };
    const tooDeep = await query(context, nested);
    // Spec 8: query limits answer 422 (stated); that nesting's code is invalid_query is crmkit's reading.
    context.judge('query.nesting-limit', tooDeep.status !== 422 && `groups nested ${LIMITS.nesting + 1} levels deep answered ${tooDeep.status}, not 422`, tooDeep);
    const deepCode = tooDeep.json?.error?.code;
    if (tooDeep.status === 422) context.judge('query.nesting-limit-code', deepCode !== 'invalid_query' && `groups nested too deep answered ${deepCode}, not invalid_query`, tooDeep);
    const invalid: [string, string, unknown][] = [
      ['query.regex-length', `a regex of ${LIMITS.regex_length + 1} characters`, { op: 'and', conditions: [nameMatches('a'.repeat(LIMITS.regex_length + 1))] }],
      ['query.regex-length', 'an empty regex', { op: 'and', conditions: [nameMatches('')] }],
      ['query.unknown-field', 'an unknown field', { op: 'and', conditions: [{ field: `conformance_no_such_field_${context.runId}`, op: 'eq', value: 1 }] }],
    ];
    for (const [rule, what, group] of invalid) {
      const answer = await query(context, group);
      const refused = answer.status === 422 && answer.json?.error?.code === 'invalid_query';
      context.judge(rule, !refused && `a query with ${what} answered ${answer.status} ${answer.json?.error?.code ?? ''}, not 422 invalid_query`, answer);
    }
    // At every limit itself the same shapes are a query like any other (spec 8 gives the most allowed: a limit checked with < refuses it).
    let deepest: unknown = amountAtLeast(1);
    for (let level = 1; level < LIMITS.nesting; level++) deepest = { op: 'and', conditions: [deepest] };
    const atTheLimit: [string, string, unknown][] = [
      ['query.limit-conditions', `${LIMITS.conditions} conditions`, { op: 'and', conditions: Array.from({ length: LIMITS.conditions }, (_, index) => amountAtLeast(index)) }],
      ['query.limit-regex-conditions', `${LIMITS.regex_conditions} regex conditions`, { op: 'and', conditions: Array.from({ length: LIMITS.regex_conditions }, (_, index) => nameMatches(`^${index}`)) }],
      ['query.limit-list-values', `a list of ${LIMITS.list_values} values`, { op: 'and', conditions: [{ field: 'source', op: 'in', value: values.slice(1) }] }],
      ['query.nesting-limit', `groups nested ${LIMITS.nesting} levels deep`, { op: 'and', conditions: [deepest] }],
      ['query.regex-length', `a regex of ${LIMITS.regex_length} characters`, { op: 'and', conditions: [nameMatches('a'.repeat(LIMITS.regex_length))] }],
    ];
    for (const [rule, what, group] of atTheLimit) {
      const answer = await query(context, group);
      context.judge(rule, answer.status !== 200 && `a query with ${what} (the limit itself) answered ${answer.status} ${answer.json?.error?.code ?? ''}, not 200`, answer);
    }
  },
};

function query(context: CheckContext, group: unknown) {
  return context.client.send('POST', '/v1/query/leads', { body: { query: group, limit: 1 } });
}
