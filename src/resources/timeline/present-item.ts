// A timeline item as the API shows it (spec 2.6): the stored item and what this caller may do with it.
import type { RecordContext } from '../records/record-context.ts';
import { isDeletable, isEditable } from './item-rights.ts';
import type { StoredTimelineItem, TimelineItem } from './timeline-record.ts';

export function presentItem(context: RecordContext, item: StoredTimelineItem): TimelineItem {
  const nowMs = context.workspace.now();
  return { ...item, editable: isEditable(context.caller, item, nowMs), deletable: isDeletable(context.caller, item) };
}
