// The `task` timeline item (spec 2.6): a task about a lead, contact or company was created or
// completed. Written beside the task's event, in the same transaction (timeline/record-item.ts).
import type { RecordContext } from '../records/record-context.ts';
import { recordTimelineItem } from '../timeline/record-item.ts';
import type { StoredTimelineItem } from '../timeline/timeline-record.ts';
import type { StoredTask } from './task-record.ts';

/** A task about a record was created or completed; a task about no record has no timeline. */
export async function recordTask(
  context: RecordContext,
  task: StoredTask,
  action: 'created' | 'completed',
): Promise<StoredTimelineItem | undefined> {
  if (task.entity_type === null) return undefined;
  const data: Record<string, unknown> = { action, title: task.title, type: task.type, due_at: task.due_at };
  if (action === 'completed') data.result = task.result;
  return recordTimelineItem(context, { kind: 'task', entity: { type: task.entity_type, id: task.entity_id }, ref_id: task.id, data });
}
