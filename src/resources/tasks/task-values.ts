// Rules on the values a task is written with, shared by create, PATCH and reschedule.
import { ApiError } from '../../errors/api-error.ts';
import type { StoredTask } from './task-record.ts';

/** Titles are trimmed; one of spaces only is empty. */
export function titleFrom(sent: string): string {
  const title = sent.trim();
  if (!title) throw new ApiError('validation_failed', { fields: { title: 'must not be empty' } });
  return title;
}

/** Spec 4.10: `all_day` needs `due_at`, on every write that leaves the task with both. */
export function checkAllDay(task: Pick<StoredTask, 'due_at' | 'all_day'>): void {
  if (task.all_day && task.due_at === null) throw new ApiError('validation_failed', { fields: { all_day: 'needs due_at' } });
}
