// The workspace's tag settings (spec 4.4): `admins_only_create`, off until changed. They are one
// record of a table of the workspace, so that a change is all or nothing with its request and
// travels with the workspace's other records.
import type { components } from '../../spec/generated/mock-control.d.ts';
import type { TableDefinition } from '../../store/table-definition.ts';
import type { WorkspaceTables } from '../../workspaces/workspace-tables.ts';

export type TagSettingsRecord = components['schemas']['TagSettingsRecord'];
export type TagSettings = Omit<TagSettingsRecord, 'id'>;

export const tagSettingsTable: TableDefinition<TagSettingsRecord> = { document: 'mock-control', schema: 'TagSettingsRecord' };

const ID = 'tag_settings';
const DEFAULTS: TagSettings = { admins_only_create: false };

export function tagSettings(tables: WorkspaceTables): TagSettings {
  const { id: _id, ...settings } = tables.tagSettings.get(ID) ?? { id: ID, ...DEFAULTS };
  return settings;
}

export async function changeTagSettings(tables: WorkspaceTables, next: TagSettings): Promise<TagSettings> {
  const stored = tables.tagSettings.get(ID);
  if (stored) await tables.tagSettings.update(ID, (draft) => void Object.assign(draft, next));
  else await tables.tagSettings.insert({ id: ID, ...next });
  return tagSettings(tables);
}
