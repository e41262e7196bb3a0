// The task's states (spec 3, Task): complete (`open` -> `done`, `task.completed`), reopen
// (`done` -> `open`) and snooze (only `open`, else `task_not_open`).
//
// The spec does not show what complete and reopen do on a task already in the target state;
// they change nothing and send nothing, so that a retried request is harmless (spec 9: writes
// may be retried).
import { ApiError } from '../../errors/api-error.ts';
import type { components } from '../../spec/generated/crm.d.ts';
import type { RecordContext } from '../records/record-context.ts';
import { recordTask } from './task-timeline.ts';
import { taskEventObject } from './present-task.ts';
import type { StoredTask } from './task-record.ts';
import { timeFrom } from './task-values.ts';

export type TaskComplete = components['schemas']['TaskComplete'];
export type TaskSnooze = components['schemas']['TaskSnooze'];

export async function completeTask(context: RecordContext, task: StoredTask, body: TaskComplete | undefined): Promise<StoredTask> {
  if (task.status === 'done') return task;
  const done = await context.tables.tasks.update(task.id, (draft) => {
    draft.status = 'done';
    draft.result = body?.result ?? '';
    draft.completed_at = context.nowIso();
    // A done task is not waiting for anything.
    draft.snoozed_until = null;
  });
  await context.emit('task.completed', taskEventObject(done));
  await recordTask(context, done, 'completed');
  return done;
}

/** The result and completion time belong to the completion that is undone. */
export async function reopenTask(context: RecordContext, task: StoredTask): Promise<StoredTask> {
  if (task.status === 'open') return task;
  return context.tables.tasks.update(task.id, (draft) => {
    draft.status = 'open';
    draft.result = '';
    draft.completed_at = null;
  });
}

/** Snoozing into the past would wake the task at once: `until` must lie ahead on the workspace clock. */
export async function snoozeTask(context: RecordContext, task: StoredTask, body: TaskSnooze): Promise<StoredTask> {
  if (task.status !== 'open') throw new ApiError('task_not_open');
  if (Date.parse(body.until) <= context.workspace.now()) {
    throw new ApiError('validation_failed', { fields: { until: 'must be in the future' } });
  }
  return context.tables.tasks.update(task.id, (draft) => void (draft.snoozed_until = timeFrom(body.until)));
}
