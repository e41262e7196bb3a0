// The filters of the task list (spec 4.10): status (`open` default, `done`, `all`), assignee
// (`all`, `me`, a member id), type, the record (`entity_type` with `entity_id`), the `due`
// bucket on the workspace clock, `q`, and snoozed tasks, which open lists leave out unless
// `snoozed=include`.
import { ApiError } from '../../errors/api-error.ts';
import { normalizeId } from '../../ids/ids.ts';
import type { RecordContext } from '../records/record-context.ts';
import { isLive } from '../records/trash.ts';
import { dueBucket, type DueBucket } from './due-buckets.ts';
import { isSnoozed } from './present-task.ts';
import { entityLabel, entityTypeOfId } from './task-entity.ts';
import type { StoredTask, TaskEntityType, TaskType } from './task-record.ts';

export type TaskFilters = {
  status?: 'open' | 'done' | 'all';
  assignee?: string;
  type?: TaskType;
  entity_type?: TaskEntityType;
  entity_id?: string;
  due?: DueBucket;
  q?: string;
  snoozed?: 'include';
};

type Test = (task: StoredTask) => boolean;

export function taskMatcher(context: RecordContext, filters: TaskFilters, nowMs: number): Test {
  const status = filters.status ?? 'open';
  const tests: Test[] = [isLive];
  if (status !== 'all') tests.push((task) => task.status === status);
  if (status === 'open' && filters.snoozed !== 'include') tests.push((task) => !isSnoozed(task, nowMs));
  if (filters.assignee !== undefined && filters.assignee !== 'all') tests.push(assigneeTest(context, filters.assignee));
  if (filters.type !== undefined) tests.push((task) => task.type === filters.type);
  if (filters.entity_type !== undefined || filters.entity_id !== undefined) tests.push(entityTest(filters.entity_type, filters.entity_id));
  if (filters.due !== undefined) tests.push((task) => dueBucket(task, nowMs) === filters.due);
  if (filters.q?.trim()) tests.push(textTest(context, filters.q));
  return (task) => tests.every((test) => test(task));
}

/** `me` is the member the credential acts for; a key without one has no tasks of its own. */
function assigneeTest(context: RecordContext, assignee: string): Test {
  const memberId = assignee === 'me' ? context.memberId : normalizeId(assignee);
  return (task) => memberId !== null && task.assignee_id === memberId;
}

/** `entity_type` alone keeps tasks about that kind of record; `entity_id` says its kind by its prefix. */
function entityTest(type: TaskEntityType | undefined, id: string | undefined): Test {
  if (id === undefined) return (task) => task.entity_type === type;
  if (type !== undefined && entityTypeOfId(id) !== type) {
    throw new ApiError('validation_failed', { fields: { entity_id: `is not the id of a ${type}` } });
  }
  const entityId = normalizeId(id);
  return (task) => task.entity_id === entityId;
}

/** A number (`42` or `#42`) finds that task; other text is looked for in the title, result and record label. */
function textTest(context: RecordContext, q: string): Test {
  const text = q.trim().toLowerCase();
  const number = /^#?([0-9]+)$/.exec(text)?.[1];
  return (task) =>
    (number !== undefined && task.number === Number(number)) ||
    task.title.toLowerCase().includes(text) ||
    task.result.toLowerCase().includes(text) ||
    entityLabel(context.tables, task).toLowerCase().includes(text);
}
