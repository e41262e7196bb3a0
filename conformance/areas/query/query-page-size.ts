// Spec 4.13 and 8: paging holds on the query endpoint too: a body without `limit` answers 50 matches,
// one with a limit above 250 answers 250. Seeing the cap needs more than 250 matches: a mock gets
// leads made up to 251; a deployment up to 51 (the default is judged, the cap only up to the count).
// The matches are every lead with a creation time, counted with `count: true`.
import type { ActiveCheck } from '../../check.ts';
import type { CheckContext } from '../../context.ts';
import { addRecord, PAGED_LISTS } from './lists.ts';
import type { QueryBody } from './query-kit.ts';

const EVERY_LEAD: QueryBody = { query: { op: 'and', conditions: [{ field: 'created_at', op: 'not_empty' }] } };
const LEADS = PAGED_LISTS.find((list) => list.name === 'leads')!;

export const queryPageSize: ActiveCheck = {
  kind: 'active',
  id: 'query.query-page-size',
  area: 'query',
  title: 'the query endpoint answers 50 matches without limit and 250 for a limit above 250',
  spec: '4.13, 8',
  basis: 'documented',
  writes: true,
  async run(context) {
    const wanted = context.target.mock ? 251 : 51;
    let total = await countLeads(context);
    for (; total < wanted; total++) await addRecord(context, LEADS);
    const plain = await context.client.call('runQuery', { path: { entity: 'leads' }, body: EVERY_LEAD });
    context.expectStatus(plain, 200);
    if (plain.json.data.length !== 50)
      context.fail(`without limit a query of ${total} matches answered ${plain.json.data.length}, not 50`, plain, 'query.page-default-50');
    const large = await context.client.call('runQuery', { path: { entity: 'leads' }, body: { ...EVERY_LEAD, limit: 1000 } });
    context.expectStatus(large, 200);
    const expected = Math.min(250, total);
    if (large.json.data.length !== expected)
      context.fail(`limit 1000 with ${total} matches answered ${large.json.data.length}, not ${expected}`, large, 'query.page-max-250');
  },
};

async function countLeads(context: CheckContext): Promise<number> {
  const counted = await context.client.call('runQuery', { path: { entity: 'leads' }, body: { ...EVERY_LEAD, limit: 1, count: true } });
  context.expectStatus(counted, 200);
  if (!Number.isInteger(counted.json.total)) context.fail('count: true answered no total', counted);
  return counted.json.total;
}
