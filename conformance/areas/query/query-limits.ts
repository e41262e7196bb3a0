import { loadDocument } from '../../../src/spec/document.ts';
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import type { QueryGroup } from './query-kit.ts';

/** The query limits of spec 8, as the document states them (`x-query-limits` on QueryRequest). */
const LIMITS = (
  loadDocument('crm').components?.schemas?.QueryRequest as {
    'x-query-limits': { conditions: number; regex_conditions: number; list_values: number; nesting: number; regex_length: number };
  }
)['x-query-limits'];

const amountAtLeast = (value: number) => ({ field: 'amount', op: 'gte', value });
const nameMatches = (value: string) => ({ field: 'name', op: 'regex', value });

export const queryLimits: ActiveCheck = {
  kind: 'active',
  id: 'query.query-limits',
  area: 'query',
  title: `a query over ${LIMITS.conditions} conditions, ${LIMITS.regex_conditions} regex conditions or ${LIMITS.list_values} list values answers too_many_conditions with the limit; an empty regex or one over ${LIMITS.regex_length} characters, groups nested over ${LIMITS.nesting} levels and an unknown field answer invalid_query`,
  spec: '4.13, 8',
  basis: 'documented',
  writes: false,
  async run(context) {
    // Each rule of the check gets its own verdict: a reading's answer (the code of a misfit) must not fail a stated limit.
    const conditions = (count: number) => Array.from({ length: count }, (_, index) => amountAtLeast(index));
    const regexes = (count: number) => Array.from({ length: count }, (_, index) => nameMatches(`^${index}`));
    const sources = (count: number) => [{ field: 'source', op: 'in', value: Array.from({ length: count }, (_, at) => `source-${at}`) }];
    await judgeTooMany(context, 'query.limit-conditions', 'conditions', conditions(LIMITS.conditions + 1), LIMITS.conditions);
    const regexLimit = LIMITS.regex_conditions;
    await judgeTooMany(context, 'query.limit-regex-conditions', 'regex conditions', regexes(regexLimit + 1), regexLimit);
    await judgeTooMany(context, 'query.limit-list-values', 'list values', sources(LIMITS.list_values + 1), LIMITS.list_values);
    await judgeNesting(context);
    const invalid: [string, string, unknown[]][] = [
      ['query.regex-length', `a regex of ${LIMITS.regex_length + 1} characters`, [nameMatches('a'.repeat(LIMITS.regex_length + 1))]],
      ['query.regex-length', 'an empty regex', [nameMatches('')]],
      ['query.unknown-field', 'an unknown field', [{ field: `conformance_no_such_field_${context.runId}`, op: 'eq', value: 1 }]],
    ];
    for (const [rule, what, group] of invalid) {
      const answer = await query(context, { op: 'and', conditions: group });
      const refused = answer.status === 422 && answer.json?.error?.code === 'invalid_query';
      context.judge(rule, !refused && `a query with ${what} answered ${answerOf(answer)}, not 422 invalid_query`, answer);
    }
    // At every limit itself the same shapes are a query like any other (spec 8 gives the most allowed: a limit checked with < refuses it).
    const atTheLimit: [string, string, unknown[]][] = [
      ['query.limit-conditions', `${LIMITS.conditions} conditions`, conditions(LIMITS.conditions)],
      ['query.limit-regex-conditions', `${LIMITS.regex_conditions} regex conditions`, regexes(LIMITS.regex_conditions)],
      ['query.limit-list-values', `a list of ${LIMITS.list_values} values`, sources(LIMITS.list_values)],
      ['query.nesting-limit', `groups nested ${LIMITS.nesting} levels deep`, [nestedGroup(LIMITS.nesting - 1)]],
      ['query.regex-length', `a regex of ${LIMITS.regex_length} characters`, [nameMatches('a'.repeat(LIMITS.regex_length))]],
    ];
    for (const [rule, what, group] of atTheLimit) {
      const answer = await query(context, { op: 'and', conditions: group });
      context.judge(rule, answer.status !== 200 && `a query with ${what} (the limit itself) answered ${answerOf(answer)}, not 200`, answer);
    }
  },
};

/** Over a count limit: 422 too_many_conditions naming the limit (spec 7.3, 8). */
async function judgeTooMany(context: CheckContext, rule: string, what: string, conditions: unknown[], limit: number): Promise<void> {
  const answer = await query(context, { op: 'and', conditions });
  const error = answer.json?.error;
  const wrong = answer.status !== 422 || error?.code !== 'too_many_conditions';
  const otherLimit = error?.limit !== limit && `${what}: too_many_conditions names limit ${error?.limit}, not ${limit}`;
  context.judge(rule, wrong ? `${what}: answered ${answerOf(answer)}, not 422 too_many_conditions` : otherLimit, answer);
}

/** Spec 8: query limits answer 422 (stated); that nesting's code is invalid_query is crmkit's reading. */
async function judgeNesting(context: CheckContext): Promise<void> {
  // The top group holding groups nested one level deeper than the limit.
  const tooDeep = await query(context, { op: 'and', conditions: [nestedGroup(LIMITS.nesting)] });
  const what = `groups nested ${LIMITS.nesting + 1} levels deep`;
  context.judge('query.nesting-limit', tooDeep.status !== 422 && `${what} answered ${tooDeep.status}, not 422`, tooDeep);
  const code = tooDeep.json?.error?.code;
  if (tooDeep.status !== 422) return;
  context.judge('query.nesting-limit-code', code !== 'invalid_query' && `${what} answered ${code}, not invalid_query`, tooDeep);
}

/** A condition inside `levels` groups, each holding the next. */
function nestedGroup(levels: number): unknown {
  let group: unknown = amountAtLeast(1);
  for (let level = 0; level < levels; level++) group = { op: 'and', conditions: [group] };
  return group;
}

function answerOf(answer: Exchange): string {
  return `${answer.status} ${answer.json?.error?.code ?? ''}`.trim();
}

function query(context: CheckContext, group: QueryGroup) {
  return context.client.call('runQuery', { path: { entity: 'leads' }, body: { query: group, limit: 1 } });
}
