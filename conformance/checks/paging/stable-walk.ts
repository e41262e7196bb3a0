import type { ActiveCheck } from '../../check.ts';
import { addRecord, allIds, PAGED_LISTS } from './lists.ts';

// Lists in creation order (newest first) stay stable while paging (spec 9); tasks are ordered
// by due time, so records added during a walk may land anywhere: only leads, contacts,
// companies and products are walked while adding.
const STABLE_LISTS = PAGED_LISTS.filter((list) => list.name !== 'tasks');

export const stableWalk: ActiveCheck = {
  kind: 'active',
  id: 'paging.stable-walk',
  family: 'paging',
  title: 'walking a newest-first list shows every record once, even as records are added during the walk, and ends with a null cursor',
  spec: '9',
  basis: 'documented',
  writes: true,
  async run(context) {
    for (const list of STABLE_LISTS) {
      for (let i = 0; i < 5; i++) await addRecord(context, list);
      const expected = await allIds(context, list);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const page = await context.client.send('GET', `${list.path}?limit=2${query}`);
        context.expectStatus(page, 200);
        seen.push(...page.json.data.map((record: { id: string }) => record.id));
        if (seen.length <= 2) await addRecord(context, list);
        cursor = page.json.next_cursor;
        if (cursor === undefined) context.fail(`${list.name}: a page without next_cursor`, page, 'query.cursor-walk');
      } while (cursor && seen.length < expected.length + 10);
      const duplicates = seen.filter((id, index) => seen.indexOf(id) !== index);
      if (duplicates.length) context.fail(`${list.name}: the walk showed ${duplicates.length} record(s) twice: ${duplicates.slice(0, 3).join(', ')}`, undefined, 'query.newest-first-stable');
      const missing = expected.filter((id) => !seen.includes(id));
      if (missing.length) context.fail(`${list.name}: the walk missed ${missing.length} record(s) that existed before it: ${missing.slice(0, 3).join(', ')}`, undefined, 'query.newest-first-stable');
      if (cursor !== null) context.fail(`${list.name}: the walk ended with next_cursor ${JSON.stringify(cursor)}, not null`, undefined, 'query.cursor-walk');
    }
  },
};
