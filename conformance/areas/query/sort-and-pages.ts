// Spec 4.13 and 8: sort keys with `dir` applied in order (at most 5), `limit`, the body sent again
// with `cursor` walking every match once to a null `next_cursor`, a changed cursor refused, and
// `count: true` adding `total` over all matches (not the page) with `total_estimated` false.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { differs } from '../../kits/lead-kit.ts';
import { query, scope, scopedLeads, type QueryBody, type Scoped } from './query-kit.ts';

export const querySortAndPages: ActiveCheck = {
  kind: 'active',
  id: 'query.sort-and-pages',
  area: 'query',
  title:
    'query sort keys and dir apply in order (at most 5), limit and cursor walk every match once, a changed cursor is refused, count adds the total',
  spec: '4.13, 7.3, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    const scoped = await scopedLeads(context, 'qs', [
      { name: 'echo', amount: 300 },
      { name: 'alpha', amount: 100 },
      { name: 'delta', amount: 200 },
      { name: 'bravo', amount: 100 },
      { name: 'charlie', amount: 300 },
    ]);
    await judgeSort(context, scoped);
    await judgePages(context, scoped);
  },
};

type Direction = NonNullable<QueryBody['sort']>[number]['dir'];

const byName = (scoped: Scoped, order: string[]) => order.map((name) => scoped.leads.find((lead) => lead.name.endsWith(` ${name}`))!.id);

async function sorted(context: CheckContext, scoped: Scoped, sort: QueryBody['sort']): Promise<string[] | undefined> {
  const answer = await query(context, { query: { op: 'and', conditions: [scope(scoped)] }, sort, limit: 250 });
  if (answer.status !== 200)
    context.fail(`sort ${JSON.stringify(sort)} answered ${answer.status} ${answer.json?.error?.code ?? ''}`, answer);
  return answer.json.data.map((lead: { id: string }) => lead.id);
}

async function judgeSort(context: CheckContext, scoped: Scoped): Promise<void> {
  const name = (dir: Direction) => ({ field: 'name', dir });
  const amount = (dir: Direction) => ({ field: 'amount', dir });
  context.judge(
    'query.sort-asc',
    differs(
      'the order by name asc',
      await sorted(context, scoped, [name('asc')]),
      byName(scoped, ['alpha', 'bravo', 'charlie', 'delta', 'echo']),
    ),
  );
  context.judge(
    'query.sort-desc',
    differs(
      'the order by name desc',
      await sorted(context, scoped, [name('desc')]),
      byName(scoped, ['echo', 'delta', 'charlie', 'bravo', 'alpha']),
    ),
  );
  context.judge(
    'query.sort-keys-in-order',
    differs(
      'the order by amount desc, name asc',
      await sorted(context, scoped, [amount('desc'), name('asc')]),
      byName(scoped, ['charlie', 'echo', 'delta', 'alpha', 'bravo']),
    ),
  );
  const six = ['name', 'amount', 'created_at', 'updated_at', 'number', 'position'].map((field) => ({ field, dir: 'asc' as const }));
  // Spec 8: 5 sort keys is the limit itself, answered like any sort (a limit checked with < 5 refuses it).
  const five = await query(context, { query: { op: 'and', conditions: [scope(scoped)] }, sort: six.slice(0, 5), limit: 250 });
  const fiveOrder =
    five.status === 200
      ? differs(
          'the order by 5 sort keys, name first',
          five.json.data.map((lead: { id: string }) => lead.id),
          byName(scoped, ['alpha', 'bravo', 'charlie', 'delta', 'echo']),
        )
      : `5 sort keys answered ${five.status} ${five.json?.error?.code ?? ''}, not 200`;
  if (fiveOrder) return context.judge('query.sort-keys-limit', fiveOrder, five);
  const tooMany = await query(context, { query: { op: 'and', conditions: [scope(scoped)] }, sort: six });
  const refused = tooMany.status === 422 && tooMany.json?.error?.code === 'too_many_conditions' && tooMany.json.error.limit === 5;
  context.judge(
    'query.sort-keys-limit',
    refused
      ? undefined
      : `6 sort keys answered ${tooMany.status} ${tooMany.json?.error?.code ?? ''} limit ${tooMany.json?.error?.limit}, not 422 too_many_conditions limit 5`,
    tooMany,
  );
}

/** Pages of 2 by amount then name; totals with and without `count`; a changed cursor. */
async function judgePages(context: CheckContext, scoped: Scoped): Promise<void> {
  const body: QueryBody = {
    query: { op: 'and', conditions: [scope(scoped)] },
    sort: [
      { field: 'amount', dir: 'asc' },
      { field: 'name', dir: 'asc' },
    ],
    limit: 2,
  };
  const first = await query(context, { ...body, count: true });
  context.expectStatus(first, 200);
  context.judge('query.limit', differs('the size of a page of limit 2', first.json.data.length, 2), first);
  context.judge(
    'query.count-total',
    differs('total and total_estimated of 5 matches', [first.json.total, first.json.total_estimated], [5, false]),
    first,
  );
  const seen: string[] = first.json.data.map((lead: { id: string }) => lead.id);
  let cursor: string | null = first.json.next_cursor;
  let last = first;
  for (let page = 0; cursor && page < 5; page++) {
    last = await query(context, { ...body, cursor });
    context.expectStatus(last, 200);
    seen.push(...last.json.data.map((lead: { id: string }) => lead.id));
    cursor = last.json.next_cursor;
  }
  const walk = differs('the walk in pages of 2', seen, byName(scoped, ['alpha', 'bravo', 'delta', 'charlie', 'echo']));
  context.judge('query.cursor', walk ?? differs('next_cursor of the last page', cursor, null), last);
  context.judge(
    'query.no-count-no-total',
    'total' in (last.json ?? {}) ? `a body without count answered total ${last.json.total}` : undefined,
    last,
  );
  const sent: string = first.json.next_cursor ?? context.fail('a first page of 2 of 5 matches has no next_cursor', first, 'query.cursor');
  const middle = sent.length >> 1;
  const changed = sent.slice(0, middle) + (sent[middle] === 'A' ? 'B' : 'A') + sent.slice(middle + 1);
  // send, not call: a cursor changed by the suite, where the document asks for one passed back exactly, on purpose.
  const refused = await context.client.send('POST', '/v1/query/leads', { body: { ...body, cursor: changed } });
  const code = refused.json?.error?.code;
  const ok = (refused.status === 400 && code === 'invalid_cursor') || (refused.status === 422 && code === 'validation_failed');
  context.judge('query.changed-cursor', ok ? undefined : `a changed cursor answered ${refused.status} ${code ?? ''}`, refused);
}
