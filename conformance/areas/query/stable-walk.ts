import type { CheckContext } from '../../context.ts';
import type { ActiveCheck } from '../../check.ts';
import { withFrozenMockClock } from '../../mock-control.ts';
import { RECORD_OPERATIONS } from '../../kits/record-operations.ts';
import { addRecord, allIds, PAGED_LISTS, type PagedList } from './lists.ts';

// Lists in creation order (newest first) stay stable while paging (spec 9); tasks are ordered
// by due time, so records added during a walk may land anywhere: only leads, contacts,
// companies and products are walked while adding.
const STABLE_LISTS = PAGED_LISTS.filter((list) => list.name !== 'tasks');
// Leads, contacts and companies go to the trash on delete (spec 2.1): they are walked again while
// the last record of the first page is deleted, which a cursor pointing at that record loses.
const TRASH_LISTS = PAGED_LISTS.filter((list) => ['leads', 'contacts', 'companies'].includes(list.name));

export const stableWalk: ActiveCheck = {
  kind: 'active',
  id: 'query.stable-walk',
  area: 'query',
  title:
    'walking a newest-first list shows every record once, even as records are added or deleted during the walk, and ends with a null cursor',
  spec: '9',
  basis: 'documented',
  writes: true,
  async run(context) {
    const walks = async () => {
      for (const list of STABLE_LISTS) await walkWhileAdding(context, list);
      for (const list of TRASH_LISTS) await walkWhileDeleting(context, list);
    };
    // Stable while paging (spec 4.13) holds for records made in one instant too. A deployment
    // makes such ties only by chance; a mock's frozen clock makes every walked record one, so a
    // cursor that keeps only a creation time is caught whatever the machine's speed.
    await (context.target.mock ? withFrozenMockClock(context, walks) : walks());
  },
};

/** A page of two of the list, after `cursor`. */
async function pageAfter(context: CheckContext, list: PagedList, cursor: string | null) {
  const page = await context.client.call(list.list, { query: { limit: 2, ...(cursor ? { cursor } : {}) } });
  context.expectStatus(page, 200);
  return page;
}

async function walkWhileAdding(context: CheckContext, list: PagedList): Promise<void> {
  for (let i = 0; i < 5; i++) await addRecord(context, list);
  const expected = await allIds(context, list);
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await pageAfter(context, list, cursor);
    seen.push(...page.json.data.map((record: { id: string }) => record.id));
    if (seen.length <= 2) await addRecord(context, list);
    cursor = page.json.next_cursor;
    if (cursor === undefined) context.fail(`${list.name}: a page without next_cursor`, page, 'query.cursor-walk');
  } while (cursor && seen.length < expected.length + 10);
  const duplicates = seen.filter((id, index) => seen.indexOf(id) !== index);
  if (duplicates.length)
    context.fail(
      `${list.name}: the walk showed ${duplicates.length} record(s) twice: ${duplicates.slice(0, 3).join(', ')}`,
      undefined,
      'query.newest-first-stable',
    );
  const missing = expected.filter((id) => !seen.includes(id));
  if (missing.length)
    context.fail(
      `${list.name}: the walk missed ${missing.length} record(s) that existed before it: ${missing.slice(0, 3).join(', ')}`,
      undefined,
      'query.newest-first-stable',
    );
  if (cursor !== null)
    context.fail(`${list.name}: the walk ended with next_cursor ${JSON.stringify(cursor)}, not null`, undefined, 'query.cursor-walk');
}

/** Walks the list, deleting the last record of the first page before asking for the second. */
async function walkWhileDeleting(context: CheckContext, list: PagedList): Promise<void> {
  for (let i = 0; i < 5; i++) await addRecord(context, list);
  const expected = await allIds(context, list);
  const seen: string[] = [];
  let deleted: string | undefined;
  let cursor: string | null = null;
  do {
    const page = await pageAfter(context, list, cursor);
    seen.push(...page.json.data.map((record: { id: string }) => record.id));
    if (!deleted && seen.length) {
      deleted = seen.at(-1)!;
      context.expectStatus(await context.client.call(RECORD_OPERATIONS[list.name].remove, { path: { id: deleted } }), 200);
    }
    cursor = page.json.next_cursor;
  } while (cursor && seen.length < expected.length + 10);
  const duplicates = seen.filter((id, index) => seen.indexOf(id) !== index);
  if (duplicates.length)
    context.fail(
      `${list.name}: after deleting ${deleted}, the last record of the first page, the walk showed ${duplicates.length} record(s) twice: ${duplicates.slice(0, 3).join(', ')}`,
      undefined,
      'query.stable-despite-deletes',
    );
  const missing = expected.filter((id) => id !== deleted && !seen.includes(id));
  if (missing.length)
    context.fail(
      `${list.name}: after deleting ${deleted}, the last record of the first page, the walk missed ${missing.length} record(s): ${missing.slice(0, 3).join(', ')}`,
      undefined,
      'query.stable-despite-deletes',
    );
}
