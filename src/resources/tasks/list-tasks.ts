// GET /v1/tasks (spec 4.10): the matching tasks in the order a to-do list is worked through,
// soonest due first, tasks without a due time last, ties by id (creation order). The spec names
// no order for tasks; a cursor keeps its place when a task is rescheduled between pages.
import { normalizeId } from '../../ids/ids.ts';
import { sortedPage, type Page } from '../../store/paging.ts';
import type { CursorPosition } from '../../store/cursor.ts';
import type { RecordContext } from '../records/record-context.ts';
import { entityTypeOfId } from './task-entity.ts';
import { taskMatcher, type TaskFilters } from './task-filters.ts';
import { entityKey, type StoredTask } from './task-record.ts';

export async function listTasks(context: RecordContext, filters: TaskFilters): Promise<Page<StoredTask>> {
  const nowMs = context.workspace.now();
  const matches = taskMatcher(context, filters, nowMs);
  const sorted = candidates(context, filters)
    .filter(matches)
    .sort((a, b) => compareDue(positionOf(a), positionOf(b)));
  return sortedPage(sorted, context.pageRequest(), positionOf, compareDue);
}

/** The tasks of one record come from its lookup; any other list reads them all. */
function candidates(context: RecordContext, filters: TaskFilters): StoredTask[] {
  const { tasks } = context.tables;
  const entityType = filters.entity_id === undefined ? undefined : entityTypeOfId(filters.entity_id);
  if (entityType) return tasks.findBy('entity', entityKey(entityType, normalizeId(filters.entity_id!)));
  return [...tasks.values()];
}

const positionOf = (task: StoredTask): CursorPosition => ({
  id: task.id,
  sortValue: task.due_at === null ? null : Date.parse(task.due_at),
});

function compareDue(a: CursorPosition, b: CursorPosition): number {
  const dueA = a.sortValue ?? Number.POSITIVE_INFINITY;
  const dueB = b.sortValue ?? Number.POSITIVE_INFINITY;
  if (dueA !== dueB) return dueA < dueB ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
