// A task as the API shows it (spec 2.12), and its summary in `task.*` events (spec 6.1: ids,
// never numbers). Snoozing is read on the workspace clock: once `snoozed_until` has passed the
// task is awake again and shows `snoozed_until: null`, with no timer needed.
import type { components } from '../../spec/generated/crm.d.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import { memberRef } from '../records/members.ts';
import { isOverdue } from './due-buckets.ts';
import { entityLabel } from './task-entity.ts';
import type { StoredTask, Task } from './task-record.ts';

export type TaskEventObject = components['schemas']['TaskEventObject'];

export function presentTask(workspace: Workspace, task: StoredTask, nowMs: number): Task {
  return {
    id: task.id,
    number: task.number,
    title: task.title,
    type: task.type,
    due_at: task.due_at,
    all_day: task.all_day,
    duration_min: task.duration_min,
    // A member removed from the workspace still shows its id (the name is gone with it).
    assignee: memberRef(workspace, task.assignee_id) ?? { id: task.assignee_id, name: '' },
    entity_type: task.entity_type,
    entity_id: task.entity_id,
    entity_label: entityLabel(workspace.tables, task),
    status: task.status,
    result: task.result,
    completed_at: task.completed_at,
    snoozed_until: isSnoozed(task, nowMs) ? task.snoozed_until : null,
    created_by: createdBy(workspace, task),
    created_at: task.created_at,
    overdue: isOverdue(task, nowMs),
  };
}

/** Snoozed while `snoozed_until` lies ahead on the workspace clock. */
export function isSnoozed(task: StoredTask, nowMs: number): boolean {
  return task.snoozed_until !== null && Date.parse(task.snoozed_until) > nowMs;
}

/** A member as `{id, name}` like `assignee`; a key, automation or the system as its actor. */
function createdBy(workspace: Workspace, task: StoredTask): Task['created_by'] {
  if (task.creator.type !== 'member') return task.creator;
  return memberRef(workspace, task.creator.id) ?? task.creator;
}

export function taskEventObject(task: StoredTask): TaskEventObject {
  return {
    id: task.id,
    object: 'task',
    title: task.title,
    type: task.type,
    status: task.status,
    due_at: task.due_at,
    assignee_id: task.assignee_id,
    entity_type: task.entity_type,
    entity_id: task.entity_type === null ? null : task.entity_id,
    result: task.result === '' ? null : task.result,
    completed_at: task.completed_at,
  };
}
