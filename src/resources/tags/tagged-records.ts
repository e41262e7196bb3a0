// The records that carry tags (spec 2.3, 2.4, 4.4): leads, contacts and companies, each stored
// with `tags` (names) and `deleted_at` (trash). Tag rules reach them through this one view so that
// a catalog change touches all three the same way.
import type { Table } from '../../store/table.ts';
import type { WorkspaceTables } from '../../workspaces/workspace-tables.ts';
import type { TagCounts } from './tag-record.ts';
import { tagKey } from './tag-name.ts';

export type TaggedEntity = keyof TagCounts;
export type TaggedRecord = { id: string; tags: string[]; deleted_at: string | null; updated_at: string };

/**
 * The `tag` lookup of each tagged table (lead-record.ts...): the records that carry a tag are
 * found without a scan, so a rename, merge or delete costs in the records it changes, not in the
 * table (issue 24: a merge over 20,000 leads took 10 s).
 */
export function recordTagKeys(record: { tags: readonly string[] }): string[] {
  return record.tags.map(tagKey);
}

/** The records of `entity` that carry the tag `key`, trashed ones too, oldest first. */
export function carrying(tables: WorkspaceTables, entity: TaggedEntity, key: string): TaggedRecord[] {
  return taggedTable(tables, entity)?.findBy('tag', key) ?? [];
}

export const TAGGED_ENTITIES: readonly TaggedEntity[] = ['leads', 'contacts', 'companies'];

/** Read by name: a workspace made before a table of records existed simply has none of them. */
export function taggedTable(tables: WorkspaceTables, entity: TaggedEntity): Table<TaggedRecord> | undefined {
  return (tables as unknown as Partial<Record<TaggedEntity, Table<TaggedRecord>>>)[entity];
}

export function* taggedRecords(tables: WorkspaceTables, entity: TaggedEntity): Generator<TaggedRecord> {
  const table = taggedTable(tables, entity);
  if (table) yield* table.values();
}

export function noCounts(): TagCounts {
  return { leads: 0, contacts: 0, companies: 0 };
}

/** Live records carrying the tag `key`, per entity: a tag's `usage` (spec 2.5, trash not counted). */
export function countCarrying(tables: WorkspaceTables, key: string): TagCounts {
  const counts = noCounts();
  for (const entity of TAGGED_ENTITIES) {
    for (const record of carrying(tables, entity, key)) if (record.deleted_at === null) counts[entity]++;
  }
  return counts;
}

/**
 * Gives each record carrying the tag `key` the tags `change` returns, trashed records too (so a
 * restored record comes back right). Answers how many live records it changed per entity:
 * `affected` counts what lists show, as `usage` does.
 */
export async function retagRecords(
  tables: WorkspaceTables,
  key: string,
  nowIso: string,
  change: (tags: string[]) => string[],
): Promise<TagCounts> {
  const affected = noCounts();
  for (const entity of TAGGED_ENTITIES) {
    const table = taggedTable(tables, entity);
    if (!table) continue;
    for (const record of carrying(tables, entity, key)) {
      await setRecordTags(table, record, change(record.tags), nowIso);
      if (record.deleted_at === null) affected[entity]++;
    }
  }
  return affected;
}

/** Every write that changes a record's tags moves its `updated_at`: a client syncing by it sees the change. */
export async function setRecordTags(
  table: Table<TaggedRecord>,
  record: TaggedRecord,
  tags: string[],
  nowIso: string,
): Promise<TaggedRecord> {
  return table.update(record.id, (draft) => {
    draft.tags = tags;
    draft.updated_at = nowIso;
  });
}
