// Creating, changing and deleting custom fields (spec 4.9: first-party web app only; the bodies
// are inferred in the document). `entity`, `key` and `type` never change, so stored values keep
// their meaning; a key is unique among the fields of its entity.
import { ApiError } from '../../errors/api-error.ts';
import type { components } from '../../spec/generated/crm.d.ts';
import { normalizeId } from '../../ids/ids.ts';
import type { RecordContext } from '../records/record-context.ts';
import { localizedLabel } from './field-labels.ts';
import { optionsFrom } from './field-options.ts';
import { entityKey, type CustomField } from './field-record.ts';
import { forgetRemovedOptions, forgetValues } from './stored-values.ts';
import { notFound } from '../../errors/not-found.ts';

export type CustomFieldCreate = components['schemas']['CustomFieldCreate'];
export type CustomFieldUpdate = components['schemas']['CustomFieldUpdate'];

export async function createField(context: RecordContext, body: CustomFieldCreate): Promise<CustomField> {
  const { tables, workspace } = context;
  if (tables.fields.firstBy('entityKey', entityKey(body.entity, body.key))) {
    throw new ApiError('validation_failed', { fields: { key: `a ${body.entity} custom field with this key exists` } });
  }
  return tables.fields.insert({
    id: workspace.newId('field'),
    entity: body.entity,
    key: body.key,
    label: localizedLabel(body.label),
    type: body.type,
    options: optionsFrom(body.type, body.options ?? []),
    position: body.position ?? nextPosition(context, body.entity),
    required: body.required ?? false,
    group: body.group ?? '',
  });
}

/** Only the fields sent change; options that are no longer there leave the stored values. */
export async function updateField(context: RecordContext, id: string, body: CustomFieldUpdate): Promise<CustomField> {
  const field = findField(context, id);
  const options = body.options && optionsFrom(field.type, body.options);
  const updated = await context.tables.fields.update(field.id, (draft) => {
    if (body.label !== undefined) draft.label = localizedLabel(body.label);
    if (options) draft.options = options;
    if (body.position !== undefined) draft.position = body.position;
    if (body.required !== undefined) draft.required = body.required;
    if (body.group !== undefined) draft.group = body.group;
  });
  if (options) await forgetRemovedOptions(context, updated);
  return updated;
}

export async function deleteField(context: RecordContext, id: string): Promise<{ ok: true; id: string }> {
  const field = findField(context, id);
  context.tables.fields.remove(field.id);
  await forgetValues(context, field);
  return { ok: true, id: field.id };
}

function findField(context: RecordContext, id: string): CustomField {
  const field = context.tables.fields.get(normalizeId(id));
  if (!field) throw notFound(id, 'field');
  return field;
}

/** Placed last among the fields of its entity when no position is sent. */
function nextPosition(context: RecordContext, entity: CustomField['entity']): number {
  const positions = context.tables.fields.findBy('entity', entity).map((field) => field.position);
  return positions.length ? Math.max(...positions) + 1 : 0;
}
