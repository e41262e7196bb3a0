// POST /v1/tasks (spec 4.10, 3): an `open` task with the create table's defaults, about a live
// lead, contact or company when one is named, and `task.created`.
import { ApiError } from '../../errors/api-error.ts';
import type { components } from '../../spec/generated/crm.d.ts';
import { nextRecordNumber } from '../../store/record-numbers.ts';
import { memberIdFrom } from '../records/members.ts';
import type { RecordContext } from '../records/record-context.ts';
import { recordTask } from './task-timeline.ts';
import { taskEventObject } from './present-task.ts';
import { entityFrom } from './task-entity.ts';
import type { StoredTask } from './task-record.ts';
import { checkAllDay, timeFrom, titleFrom } from './task-values.ts';

export type TaskCreate = components['schemas']['TaskCreate'];

export async function createTask(context: RecordContext, body: TaskCreate): Promise<StoredTask> {
  const { tables, workspace } = context;
  const assignee_id = assigneeFrom(context, body.assignee_id);
  const entity = entityFrom(tables, body.entity_type, body.entity_id);
  const due_at = timeFrom(body.due_at ?? null);
  const all_day = body.all_day ?? false;
  checkAllDay({ due_at, all_day });
  const task = await tables.tasks.insert({
    id: workspace.newId('task'),
    number: nextRecordNumber(workspace.numbers, 'task'),
    title: titleFrom(body.title),
    type: body.type ?? 'follow_up',
    due_at,
    all_day,
    duration_min: body.duration_min ?? 0,
    assignee_id,
    ...entity,
    label_sent: entity.entity_type === null ? '' : (body.entity_label ?? ''),
    status: 'open',
    result: '',
    completed_at: null,
    snoozed_until: null,
    creator: context.actor,
    created_at: context.nowIso(),
    deleted_at: null,
  });
  await context.emit('task.created', taskEventObject(task));
  await recordTask(context, task, 'created');
  return task;
}

/**
 * `assignee_id` is required for API keys and OAuth tokens (`x-required-for` in the document);
 * only a member signed in to the hub defaults to self, and the API takes no such sessions.
 */
function assigneeFrom(context: RecordContext, sent: string | undefined): string {
  if (sent === undefined) throw new ApiError('validation_failed', { fields: { assignee_id: 'is required for API keys and OAuth tokens' } });
  return memberIdFrom(context.workspace, sent, 'assignee_id')!;
}
