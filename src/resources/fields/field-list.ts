// GET /v1/fields (spec 4.9): `{data: [field...]}`, no paging, optionally of one entity. Fields
// come grouped by entity (in the document's order of entities), then by position.
import { schemaEnum } from '../../spec/schema-enum.ts';
import type { RecordContext } from '../records/record-context.ts';
import type { CustomEntity } from './custom-values.ts';
import type { CustomField } from './field-record.ts';

export function fieldsInOrder(context: RecordContext, entity: CustomEntity | undefined): CustomField[] {
  const { fields } = context.tables;
  const entities = schemaEnum<CustomEntity>(context.state.validators.crm.document, 'CustomFieldEntity');
  const found = entity ? fields.findBy('entity', entity) : [...fields.values()];
  return found.sort(
    (a, b) =>
      entities.indexOf(a.entity) - entities.indexOf(b.entity) || a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
