// GET /v1/timeline (spec 4.5): one record's items, pinned notes on top, then newest first;
// `kinds` keeps only items of those kinds; cursor paging (spec 4.13). A lead's items include
// the website form submissions that reached it, read from the forms area's table.
//
// Item ids carry different prefixes (`nt_` notes, `tl_` other items), so id order is not time
// order across kinds: the order is pinned first, then `occurred_at`, then the part of the id
// after the prefix (creation order, for items of the same millisecond). A cursor holds that
// position, so a page starts right after the last item seen even if items were added meanwhile.
import type { CursorPosition } from '../../store/cursor.ts';
import { sortedPage, type Page } from '../../store/paging.ts';
import type { RecordContext } from '../records/record-context.ts';
import { formSubmissionItems } from './form-submission-items.ts';
import { timelineKey, type StoredTimelineItem, type TimelineEntity } from './timeline-record.ts';

export async function listTimeline(
  context: RecordContext,
  entity: TimelineEntity,
  kinds: string | undefined,
): Promise<Page<StoredTimelineItem>> {
  const wanted = kinds ? new Set(kinds.split(',')) : undefined;
  const stored = context.tables.timeline.findBy('entity', timelineKey(entity));
  const items = [...stored, ...formSubmissionItems(context.tables, entity)].filter((item) => !wanted || wanted.has(item.kind));
  const sorted = items.map((item) => ({ item, position: positionOf(item) })).sort((a, b) => compare(a.position, b.position));
  return sortedPage(
    sorted.map(({ item }) => item),
    context.pageRequest(),
    positionOf,
    compare,
  );
}

/** A key whose text order is the timeline's order reversed: compared descending. */
function positionOf(item: StoredTimelineItem): CursorPosition {
  const pinned = item.pinned ? '1' : '0';
  const occurred = String(Date.parse(item.occurred_at)).padStart(16, '0');
  return { id: item.id, sortValue: `${pinned}:${occurred}:${item.id.slice(item.id.indexOf('_') + 1)}` };
}

/** Negative when `a` comes first: the larger key (pinned, later, created later) first. */
function compare(a: CursorPosition, b: CursorPosition): number {
  const [x, y] = [String(a.sortValue), String(b.sortValue)];
  return x > y ? -1 : x < y ? 1 : 0;
}
