// A tag of the workspace catalog as stored (spec 2.5): `usage` is counted when the list asks for
// it, and names are found ignoring case, since they are unique that way.
import type { components } from '../../spec/generated/crm.d.ts';
import type { TableDefinition } from '../../store/table-definition.ts';
import { tagKey } from './tag-name.ts';

export type Tag = components['schemas']['Tag'];
export type StoredTag = Omit<Tag, 'usage'>;
export type TagColor = components['schemas']['TagColor'];
export type TagCounts = components['schemas']['TagCounts'];

export const tagTable: TableDefinition<StoredTag> = {
  document: 'crm',
  schema: 'Tag',
  computed: ['usage'],
  lookups: { name: (tag) => tagKey(tag.name) },
};
