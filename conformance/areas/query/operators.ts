// Spec 4.13: each operator on a field type it applies to, `not`, `and` and `or` groups and a
// nested group (2 levels), judged on three leads of the check's own company: text operators on
// `name` (and `source` for empty and duplicate), number operators on `amount` (money), `all` on
// `tags`, `weekday` and `hour` on `created_at`. The time zone of weekday and hour is not shown,
// so they are judged for any offset within a day of UTC (the catalog gives them readings).
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import type { Exchange } from '../../exchange.ts';
import { runTags } from '../../kits/lead-kit.ts';
import { matched, query, scope, scopedLeads, type QueryGroup, type Scoped } from './query-kit.ts';

type Case = [rule: string, condition: Record<string, unknown>, expected: number[]];

export const queryOperators: ActiveCheck = {
  kind: 'active',
  id: 'query.operators',
  area: 'query',
  title: 'every query operator on a field type it applies to, not, and/or groups and a nested group match exactly the expected leads',
  spec: '4.13, 7.3',
  basis: 'documented',
  writes: true,
  async run(context) {
    const tags = await runTags(context, ['qa', 'qb']);
    const word = `qo${context.runId.replace(/[^a-z]/g, '')}zq`;
    const scoped = await scopedLeads(context, 'qo', [
      { name: 'alpha Muhammad', amount: 100, source: `${word}dup`, tags },
      { name: 'bravo Smith', amount: 200, source: `${word}dup`, tags: tags.slice(0, 1) },
      { name: 'charlie Smith', amount: 300 },
    ]);
    const names = scoped.leads.map((lead) => lead.name as string);
    const cases: Case[] = [
      ['query.op-eq', { field: 'name', op: 'eq', value: names[1] }, [1]],
      ['query.op-eq', { field: 'amount', op: 'eq', value: 300 }, [2]],
      ['query.op-neq', { field: 'name', op: 'neq', value: names[1] }, [0, 2]],
      ['query.op-in', { field: 'name', op: 'in', value: [names[0], names[2]] }, [0, 2]],
      ['query.op-not-in', { field: 'amount', op: 'not_in', value: [100] }, [1, 2]],
      ['query.op-contains', { field: 'name', op: 'contains', value: 'Smith' }, [1, 2]],
      ['query.op-not-contains', { field: 'name', op: 'not_contains', value: 'Smith' }, [0]],
      ['query.op-starts', { field: 'name', op: 'starts', value: `conformance ${context.runId} ${scoped.word} b` }, [1]],
      ['query.op-ends', { field: 'name', op: 'ends', value: 'Muhammad' }, [0]],
      ['query.op-empty', { field: 'source', op: 'empty' }, [2]],
      ['query.op-not-empty', { field: 'source', op: 'not_empty' }, [0, 1]],
      ['query.op-regex', { field: 'name', op: 'regex', value: `${scoped.word} (alpha|charlie)` }, [0, 2]],
      ['query.op-sounds-like', { field: 'name', op: 'sounds_like', value: 'Mukhammad' }, [0]],
      ['query.op-sounds-like', { field: 'name', op: 'sounds_like', value: 'Smitth' }, [1, 2]],
      ['query.op-gt', { field: 'amount', op: 'gt', value: 100 }, [1, 2]],
      ['query.op-gte', { field: 'amount', op: 'gte', value: 200 }, [1, 2]],
      ['query.op-lt', { field: 'amount', op: 'lt', value: 200 }, [0]],
      ['query.op-lte', { field: 'amount', op: 'lte', value: 200 }, [0, 1]],
      ['query.op-duplicate', { field: 'source', op: 'duplicate' }, [0, 1]],
      ['query.not', { field: 'name', op: 'contains', value: 'Smith', not: true }, [0]],
      ['query.not', { field: 'amount', op: 'gt', value: 100, not: true }, [0]],
      ['query.not', { field: 'amount', op: 'neq', value: 100, not: true }, [0]],
    ];
    // Without tags of its own (a key that may not make tags) `all` is not judged.
    if (tags.length === 2) cases.push(['query.op-all', { field: 'tags', op: 'all', value: tags }, [0]]);
    for (const [rule, condition, expected] of cases)
      await judgeCase(context, scoped, rule, { op: 'and', conditions: [scope(scoped), condition] }, expected);
    await judgeBetween(context, scoped);
    await judgeGroups(context, scoped);
    await judgeCalendar(context, scoped);
    await judgeTooSlow(context, scoped);
  },
};

async function judgeCase(context: CheckContext, scoped: Scoped, rule: string, group: QueryGroup, expected: number[]): Promise<void> {
  const answer = await query(context, { query: group, limit: 250 });
  const problem = unexpectedMatch(scoped, answer, expected);
  context.judge(rule, problem && `${JSON.stringify(group)}: ${problem}`, answer);
}

/** What is wrong with the leads a query matched, when they are not `expected` (indexes of scoped.leads). */
function unexpectedMatch(scoped: Scoped, answer: Exchange, expected: number[]): string | undefined {
  const ids = matched(answer);
  const wanted = expected.map((index) => scoped.leads[index].id).sort();
  if (typeof ids === 'string') return ids;
  return JSON.stringify(ids) === JSON.stringify(wanted) ? undefined : `matched ${describe(scoped, ids)}, not ${describe(scoped, wanted)}`;
}

/**
 * `between` (4.13): the word states that the numbers between the bounds match and none beyond them
 * (amounts 100, 200, 300 and bounds 150..250 match 200 alone, whatever the ends do). The operand's
 * form and the ends are not shown (query.op-between-ends): a deployment that refuses the list
 * `[from, to]` is judged on that reading alone, and query.op-between is then not exercised.
 */
async function judgeBetween(context: CheckContext, scoped: Scoped): Promise<void> {
  const inside = { field: 'amount', op: 'between', value: [150, 250] };
  const answer = await query(context, { query: { op: 'and', conditions: [scope(scoped), inside] }, limit: 250 });
  if (answer.status === 400 || answer.status === 422) {
    const problem = `${JSON.stringify(inside)}: refused the bounds as a list [from, to] (${matched(answer)})`;
    return context.judge('query.op-between-ends', problem, answer);
  }
  const problem = unexpectedMatch(scoped, answer, [1]);
  context.judge('query.op-between', problem && `${JSON.stringify(inside)}: ${problem}`, answer);
  const ends = { field: 'amount', op: 'between', value: [100, 200] };
  await judgeCase(context, scoped, 'query.op-between-ends', { op: 'and', conditions: [scope(scoped), ends] }, [0, 1]);
}

function describe(scoped: Scoped, ids: string[]): string {
  return `[${ids
    .map(
      (id) =>
        scoped.leads
          .find((lead) => lead.id === id)
          ?.name.split(' ')
          .slice(-2)
          .join(' ') ?? id,
    )
    .join(', ')}]`;
}

/** `and` and `or` at the top and nested one level (2 levels in all). */
async function judgeGroups(context: CheckContext, scoped: Scoped): Promise<void> {
  const amount = (value: number) => ({ field: 'amount', op: 'eq', value });
  await judgeCase(
    context,
    scoped,
    'query.group-and',
    {
      op: 'and',
      conditions: [scope(scoped), { field: 'amount', op: 'gte', value: 200 }, { field: 'name', op: 'contains', value: 'bravo' }],
    },
    [1],
  );
  await judgeCase(
    context,
    scoped,
    'query.group-or',
    {
      op: 'or',
      conditions: [
        { op: 'and', conditions: [scope(scoped), amount(100)] },
        { op: 'and', conditions: [scope(scoped), amount(300)] },
      ],
    },
    [0, 2],
  );
  await judgeCase(
    context,
    scoped,
    'query.nested-groups',
    { op: 'and', conditions: [scope(scoped), { op: 'or', conditions: [{ field: 'name', op: 'ends', value: 'Muhammad' }, amount(300)] }] },
    [0, 2],
  );
}

/** weekday: the days within a day of each lead's UTC day match, the others not; hour: each lead in one half of the day. */
async function judgeCalendar(context: CheckContext, scoped: Scoped): Promise<void> {
  const near = new Set<number>();
  for (const lead of scoped.leads) {
    const day = ((new Date(lead.created_at).getUTCDay() + 6) % 7) + 1;
    for (const shift of [-1, 0, 1]) near.add(((day - 1 + shift + 7) % 7) + 1);
  }
  const all = [0, 1, 2];
  await judgeCase(
    context,
    scoped,
    'query.op-weekday',
    { op: 'and', conditions: [scope(scoped), { field: 'created_at', op: 'weekday', value: [...near] }] },
    all,
  );
  const far = [1, 2, 3, 4, 5, 6, 7].filter((day) => !near.has(day));
  if (far.length)
    await judgeCase(
      context,
      scoped,
      'query.op-weekday',
      { op: 'and', conditions: [scope(scoped), { field: 'created_at', op: 'weekday', value: far }] },
      [],
    );
  const hours = (from: number, to: number): QueryGroup => ({
    op: 'and',
    conditions: [scope(scoped), { field: 'created_at', op: 'hour', value: Array.from({ length: to - from }, (_, index) => from + index) }],
  });
  await judgeCase(context, scoped, 'query.op-hour', hours(0, 24), all);
  const [morning, evening] = [
    matched(await query(context, { query: hours(0, 12), limit: 250 })),
    matched(await query(context, { query: hours(12, 24), limit: 250 })),
  ];
  const halves = typeof morning === 'string' || typeof evening === 'string' ? `a half of the day ${morning} ${evening}` : undefined;
  const once =
    halves ??
    (morning.length + evening.length === 3 && new Set([...morning, ...evening]).size === 3
      ? undefined
      : `hours 0-11 matched ${morning.length} and 12-23 ${evening.length} of 3 leads`);
  context.judge('query.op-hour', once);
}

/** A regex with a nested repeat: an answer, or 422 query_too_slow, never another error. */
async function judgeTooSlow(context: CheckContext, scoped: Scoped): Promise<void> {
  const answer = await query(context, {
    query: { op: 'and', conditions: [scope(scoped), { field: 'name', op: 'regex', value: '(a+)+$' }] },
  });
  const fine = answer.status === 200 || (answer.status === 422 && answer.json?.error?.code === 'query_too_slow');
  context.judge(
    'query.too-slow',
    fine ? undefined : `a slow regex answered ${answer.status} ${answer.json?.error?.code ?? ''}, not 200 or 422 query_too_slow`,
    answer,
  );
}
