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

/**
 * Spec 2.1: times are answered as RFC 3339 with fractional seconds. A time sent to the second
 * (`2030-01-15T10:00:00+05:00`) is stored with a zero fraction before its offset
 * (`2030-01-15T10:00:00.000+05:00`): the same instant, in the offset the caller chose. The
 * document's TimeInput has already required a valid time with an offset.
 */
export function timeFrom(sent: string): string;
export function timeFrom(sent: string | null): string | null;
export function timeFrom(sent: string | null): string | null {
  if (sent === null) return null;
  const time = sent.replace(/^(\d{4}-\d{2}-\d{2})[t\s]/i, '$1T').replace(/z$/i, 'Z');
  return /\.\d+(Z|[+-]\d{2}:\d{2})$/.test(time) ? time : time.replace(/(Z|[+-]\d{2}:\d{2})$/, '.000$1');
}
