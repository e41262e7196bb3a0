// Trash and restore (spec 2.1, 3): DELETE moves a record to the trash; reads of it answer 410
// `gone` with `deleted_at`; it leaves every list; restore brings it back with its number.
// `deleted_at` is kept on the stored record and never shown in its representation.
import { ApiError } from '../../errors/api-error.ts';
import { findRecord } from '../../store/find-record.ts';
import type { Table } from '../../store/table.ts';

export type Trashable = { id: string; deleted_at: string | null };

export function isLive(record: Trashable): boolean {
  return record.deleted_at === null;
}

/** The record a path names, or 404; 410 `gone` when it is in the trash. */
export function findLive<T extends Trashable>(table: Table<T>, idOrNumber: string): T {
  const record = findRecord(table, idOrNumber);
  if (record.deleted_at !== null) throw new ApiError('gone', { deleted_at: record.deleted_at });
  return record;
}

export async function moveToTrash<T extends Trashable>(table: Table<T>, record: T, nowIso: string): Promise<T> {
  return table.update(record.id, (draft) => void (draft.deleted_at = nowIso));
}

/** Restoring a live record changes nothing (restore is safe to repeat). */
export async function restoreFromTrash<T extends Trashable>(table: Table<T>, record: T): Promise<T> {
  return record.deleted_at === null ? record : table.update(record.id, (draft) => void (draft.deleted_at = null));
}
