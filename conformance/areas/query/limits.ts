import type { ActiveCheck } from '../../check.ts';
import { addRecord, allIds, PAGED_LISTS } from './lists.ts';

export const pageLimits: ActiveCheck = {
  kind: 'active',
  id: 'query.limits',
  area: 'query',
  title: 'on every list a page holds 50 by default, and a limit above 250 is treated as 250',
  spec: '9',
  basis: 'documented',
  writes: true,
  async run(context) {
    // Seeing the 250 cap needs more than 250 records: made on a mock; on a deployment, 51.
    const wanted = context.target.mock ? 251 : 51;
    for (const list of PAGED_LISTS) {
      let count = (await allIds(context, list)).length;
      for (; count < wanted; count++) await addRecord(context, list);
      const page = await context.client.call(list.list);
      if (page.json.data.length !== 50)
        context.fail(
          `${list.name}: with ${count} records the default page holds ${page.json.data.length}, not 50`,
          page,
          'query.page-default-50',
        );
      const large = await context.client.call(list.list, { query: { limit: 1000 } });
      if (large.status !== 200) context.fail(`${list.name}: limit=1000 answered ${large.status}`, large, 'query.page-max-250');
      const expected = Math.min(250, count);
      if (large.json.data.length !== expected)
        context.fail(
          `${list.name}: limit=1000 with ${count} records answered ${large.json.data.length}, not ${expected}`,
          large,
          'query.page-max-250',
        );
    }
  },
};
