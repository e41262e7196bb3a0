// The record a task is about (spec 2.12, 4.10): a lead, contact or company of the workspace.
// A new task may name only a live record of the kind it says; `entity_label` is read from the
// record each time the task is shown, so a renamed lead shows its new name on its tasks.
import { ApiError } from '../../errors/api-error.ts';
import { normalizeId } from '../../ids/ids.ts';
import type { WorkspaceTables } from '../../workspaces/workspace-tables.ts';
import type { StoredTask, TaskEntityType } from './task-record.ts';

/** What every lead, contact and company record has that a task needs. */
type EntityRecord = { id: string; number: number; name: string; deleted_at: string | null };

const PREFIX_OF: Record<TaskEntityType, string> = { lead: 'ld_', contact: 'ct_', company: 'co_' };

export type TaskEntity = { entity_type: TaskEntityType | null; entity_id: string };

export const NO_ENTITY: TaskEntity = { entity_type: null, entity_id: '' };

function findEntity(tables: WorkspaceTables, type: TaskEntityType, id: string): EntityRecord | undefined {
  return type === 'lead' ? tables.leads.get(id) : type === 'contact' ? tables.contacts.get(id) : tables.companies.get(id);
}

/** The kind of record an id names (short or long prefix), if it is one a task can be about. */
export function entityTypeOfId(id: string): TaskEntityType | undefined {
  const short = normalizeId(id);
  return (Object.keys(PREFIX_OF) as TaskEntityType[]).find((type) => short.startsWith(PREFIX_OF[type]));
}

/** `entity_type` and `entity_id` as sent: both or neither, of one kind, naming a live record. */
export function entityFrom(tables: WorkspaceTables, type: TaskEntityType | undefined, id: string | undefined): TaskEntity {
  if (type === undefined && id === undefined) return NO_ENTITY;
  if (type === undefined) throw invalid('entity_type', 'is required with entity_id');
  if (id === undefined) throw invalid('entity_id', 'is required with entity_type');
  if (entityTypeOfId(id) !== type) throw invalid('entity_id', `is not the id of a ${type}`);
  const record = findEntity(tables, type, normalizeId(id));
  if (!record || record.deleted_at !== null) throw invalid('entity_id', `no ${type} of this workspace has this id`);
  return { entity_type: type, entity_id: record.id };
}

/** The record's name and number (`#N`, spec 2.1), or the label sent when the record cannot be read. */
export function entityLabel(tables: WorkspaceTables, task: StoredTask): string {
  if (task.entity_type === null) return '';
  const record = findEntity(tables, task.entity_type, task.entity_id);
  if (!record) return task.label_sent;
  const number = `#${record.number}`;
  // A lead without a name is already named after its number ("Lead #12").
  return record.name.endsWith(number) ? record.name : `${record.name} ${number}`;
}

function invalid(field: string, message: string): ApiError {
  return new ApiError('validation_failed', { fields: { [field]: message } });
}
