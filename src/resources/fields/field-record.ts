// A custom field as stored (spec 2.11): nothing is computed on read. Records find their fields by
// entity and key in O(1), since every record write checks each custom key it is sent.
import type { components } from '../../spec/generated/crm.d.ts';
import type { TableDefinition } from '../../store/table-definition.ts';

export type CustomField = components['schemas']['CustomField'];
export type CustomFieldType = components['schemas']['CustomFieldType'];
export type CustomFieldOption = components['schemas']['CustomFieldOption'];

export const fieldTable: TableDefinition<CustomField> = {
  document: 'crm',
  schema: 'CustomField',
  lookups: { entityKey: (field) => entityKey(field.entity, field.key), entity: (field) => field.entity },
};

export function entityKey(entity: string, key: string): string {
  return `${entity}:${key}`;
}
