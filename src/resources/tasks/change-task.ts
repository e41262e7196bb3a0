// PATCH /v1/tasks/{id} and reschedule (spec 4.10, 3): only the fields sent change; reschedule
// replaces `due_at` (and `all_day`, `duration_min` when sent) in any state.
import type { components } from '../../spec/generated/crm.d.ts';
import { memberIdFrom } from '../records/members.ts';
import type { RecordContext } from '../records/record-context.ts';
import type { StoredTask } from './task-record.ts';
import { checkAllDay, timeFrom, titleFrom } from './task-values.ts';

export type TaskUpdate = components['schemas']['TaskUpdate'];
export type TaskReschedule = components['schemas']['TaskReschedule'];

export async function updateTask(context: RecordContext, task: StoredTask, body: TaskUpdate): Promise<StoredTask> {
  const due_at = body.due_at === undefined ? task.due_at : timeFrom(body.due_at);
  // Removing the due time ends an all-day task's day unless `all_day: true` is sent with it (then refused).
  const all_day = body.all_day ?? (due_at === null ? false : task.all_day);
  checkAllDay({ due_at, all_day });
  const title = body.title === undefined ? task.title : titleFrom(body.title);
  const assignee_id = body.assignee_id === undefined ? task.assignee_id : memberIdFrom(context.workspace, body.assignee_id, 'assignee_id')!;
  return context.tables.tasks.update(task.id, (draft) => {
    draft.title = title;
    draft.type = body.type ?? task.type;
    draft.due_at = due_at;
    draft.all_day = all_day;
    draft.duration_min = body.duration_min ?? task.duration_min;
    draft.assignee_id = assignee_id;
  });
}

export async function rescheduleTask(context: RecordContext, task: StoredTask, body: TaskReschedule): Promise<StoredTask> {
  return context.tables.tasks.update(task.id, (draft) => {
    draft.due_at = timeFrom(body.due_at);
    draft.all_day = body.all_day ?? task.all_day;
    draft.duration_min = body.duration_min ?? task.duration_min;
  });
}
