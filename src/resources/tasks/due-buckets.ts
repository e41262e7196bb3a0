// When a task is due, on the workspace clock (spec 4.10 `due`, 2.12 `overdue`).
//
// The spec names no time zone for a workspace and none is stored yet, so the workspace's days
// are UTC days (datetimes are kept in UTC, spec 2.11). `workspaceOffsetMinutes` is the one place
// to change when workspaces get a zone.
//
// An all-day task is due on the calendar date written in its `due_at` (what the caller meant by
// "that day", whatever offset it wrote) and is overdue once that day is over. A timed task is
// overdue once its due time has passed.
import type { StoredTask } from './task-record.ts';

export type DueBucket = 'overdue' | 'today' | 'tomorrow' | 'week' | 'later' | 'none';

type Due = Pick<StoredTask, 'due_at' | 'all_day' | 'status'>;

const DAY_MS = 86_400_000;

export function workspaceOffsetMinutes(): number {
  return 0;
}

/** Days since 1970-01-01 of the workspace's calendar at `ms`. */
export function workspaceDay(ms: number): number {
  return Math.floor((ms + workspaceOffsetMinutes() * 60_000) / DAY_MS);
}

/** The workspace day a task is due on, or null without a due time. */
export function dueDay(task: Due): number | null {
  if (task.due_at === null) return null;
  if (task.all_day) return Math.floor(Date.parse(`${task.due_at.slice(0, 10)}T00:00:00Z`) / DAY_MS);
  return workspaceDay(Date.parse(task.due_at));
}

export function isOverdue(task: Due, nowMs: number): boolean {
  if (task.status !== 'open' || task.due_at === null) return false;
  if (task.all_day) return dueDay(task)! < workspaceDay(nowMs);
  return Date.parse(task.due_at) < nowMs;
}

/**
 * The `due` bucket of a task: `overdue` (open and past due), `today`, `tomorrow`, `week` (the
 * rest of the seven days starting today), `later`, or `none` (no due time). A done task due
 * before today is in no bucket: it is not overdue, and its day is gone.
 */
export function dueBucket(task: Due, nowMs: number): DueBucket | undefined {
  const day = dueDay(task);
  if (day === null) return 'none';
  if (isOverdue(task, nowMs)) return 'overdue';
  const fromToday = day - workspaceDay(nowMs);
  if (fromToday < 0) return undefined;
  if (fromToday === 0) return 'today';
  if (fromToday === 1) return 'tomorrow';
  return fromToday < 7 ? 'week' : 'later';
}
