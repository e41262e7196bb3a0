// A task as stored (spec 2.12): `assignee {id, name}`, `created_by`, `entity_label` and `overdue`
// are computed when it is read (a renamed member or lead shows its new name; overdue follows the
// workspace clock), and `deleted_at` marks the trash.
import type { Actor } from '../../events/event-record.ts';
import type { components } from '../../spec/generated/crm.d.ts';
import type { TableDefinition } from '../../store/table-definition.ts';

export type Task = components['schemas']['Task'];
export type TaskType = components['schemas']['TaskType'];
export type TaskEntityType = NonNullable<Task['entity_type']>;

export type StoredTask = Omit<Task, 'assignee' | 'created_by' | 'entity_label' | 'overdue'> & {
  assignee_id: string;
  /** Who created the task: shown as a member `{id, name}` or as the actor `{type, id}`. */
  creator: Actor;
  /** The `entity_label` the caller sent: shown only when the record itself cannot be read. */
  label_sent: string;
  deleted_at: string | null;
};

export const taskTable: TableDefinition<StoredTask> = {
  document: 'crm',
  schema: 'Task',
  computed: ['assignee', 'created_by', 'entity_label', 'overdue'],
  lookups: {
    number: (task) => task.number,
    entity: (task) => (task.entity_type ? entityKey(task.entity_type, task.entity_id) : null),
    assignee: (task) => task.assignee_id,
  },
};

export function entityKey(type: TaskEntityType, id: string): string {
  return `${type}:${id}`;
}
