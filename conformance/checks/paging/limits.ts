import type { ActiveCheck } from '../../check.ts';

export const pageLimits: ActiveCheck = {
  kind: 'active',
  id: 'paging.limits',
  family: 'paging',
  title: 'a page holds 50 by default, and a limit above 250 is treated as 250',
  spec: '9',
  basis: 'documented',
  writes: true,
  async run(context) {
    const first = await context.client.send('GET', '/v1/leads');
    context.expectStatus(first, 200);
    let count: number = first.json.summary?.count ?? first.json.data.length;
    // Seeing the 250 cap needs more than 250 leads: made on a mock; a deployment's own count decides.
    const wanted = context.target.mock ? 251 : 51;
    for (; count < wanted; count++) await context.createLead();
    const page = await context.client.send('GET', '/v1/leads');
    if (page.json.data.length !== 50) context.fail(`with ${count} leads the default page holds ${page.json.data.length}, not 50`, page);
    const large = await context.client.send('GET', '/v1/leads?limit=1000');
    context.expectStatus(large, 200);
    const expected = Math.min(250, count);
    if (large.json.data.length !== expected && count <= 250) context.fail(`limit=1000 with ${count} leads answered ${large.json.data.length}, not ${expected}`, large);
    if (large.json.data.length > 250) context.fail(`limit=1000 answered ${large.json.data.length} records, more than 250`, large);
  },
};
