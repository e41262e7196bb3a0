// The `label` of a change item (spec 2.6): the changed field's human name. Field labels are
// names shown in several languages, so they are objects keyed by locale (spec 2.1), never one
// language picked for the caller: a custom field's own `label` (spec 2.11), or the built-in
// field's name from the same catalog the query endpoint's field list uses.
import type { components } from '../../spec/generated/crm.d.ts';
import { entityKey } from '../fields/field-record.ts';
import { builtInLabel } from '../../records/field-labels.ts';
import type { WorkspaceTables } from '../../workspaces/workspace-tables.ts';
import type { TimelineEntityType } from './timeline-record.ts';

type LocalizedText = components['schemas']['LocalizedText'];

const CUSTOM = 'custom.';

export function changeLabel(tables: WorkspaceTables, entityType: TimelineEntityType, field: string): LocalizedText {
  if (!field.startsWith(CUSTOM)) return builtInLabel(field);
  const key = field.slice(CUSTOM.length);
  // A field deleted since keeps its values' history readable under its key.
  const custom = tables.fields.firstBy('entityKey', entityKey(entityType, key));
  return custom ? { ...custom.label } : builtInLabel(key);
}
