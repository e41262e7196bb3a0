import type { ActiveCheck } from '../../check.ts';

export const stableWalk: ActiveCheck = {
  kind: 'active',
  id: 'paging.stable-walk',
  family: 'paging',
  title: 'walking newest first shows every lead once, even as leads are added during the walk, and ends with a null cursor',
  spec: '9',
  basis: 'documented',
  writes: true,
  async run(context) {
    for (let i = 0; i < 5; i++) await context.createLead();
    const before = await context.client.send('GET', '/v1/leads?limit=250');
    const expected: string[] = before.json.data.map((lead: { id: string }) => lead.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await context.client.send('GET', `/v1/leads?limit=2${query}`);
      context.expectStatus(page, 200);
      seen.push(...page.json.data.map((lead: { id: string }) => lead.id));
      if (seen.length <= 2) await context.createLead();
      cursor = page.json.next_cursor;
      if (cursor === undefined) context.fail('a page without next_cursor', page);
    } while (cursor && seen.length < expected.length + 10);
    const duplicates = seen.filter((id, index) => seen.indexOf(id) !== index);
    if (duplicates.length) context.fail(`the walk showed ${duplicates.length} lead(s) twice: ${duplicates.slice(0, 3).join(', ')}`);
    const missing = expected.filter((id) => !seen.includes(id));
    if (missing.length) context.fail(`the walk missed ${missing.length} lead(s) that existed before it: ${missing.slice(0, 3).join(', ')}`);
    if (cursor !== null) context.fail(`the walk ended with next_cursor ${JSON.stringify(cursor)}, not null`);
  },
};
