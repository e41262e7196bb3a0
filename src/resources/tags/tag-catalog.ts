// The workspace's tag catalog (spec 2.5, 4.4): names unique ignoring case, at most 200 tags,
// each with a palette color. New names enter it only through `addToCatalog`, which holds the
// rules every way in shares: who may add, and the workspace limit.
import { ApiError } from '../../errors/api-error.ts';
import type { WorkspaceTables } from '../../workspaces/workspace-tables.ts';
import type { RecordContext } from '../records/record-context.ts';
import { automaticColor } from './tag-colors.ts';
import { TAG_LIMITS } from './tag-limits.ts';
import { tagKey } from './tag-name.ts';
import type { StoredTag, TagColor, TagCounts } from './tag-record.ts';
import { mayAddToCatalog } from './tag-rights.ts';
import { noCounts, TAGGED_ENTITIES, taggedRecords } from './tagged-records.ts';
import { notFound } from '../../errors/not-found.ts';

export function catalogTag(tables: WorkspaceTables, name: string): StoredTag | undefined {
  return tables.tags.firstBy('name', tagKey(name));
}

/** The tag a path or body names; 404 for an id of no tag of this workspace. */
export function tagById(tables: WorkspaceTables, id: string): StoredTag {
  const tag = tables.tags.get(id);
  if (!tag) throw notFound(id, 'tag');
  return tag;
}

/** What to throw when the catalog cannot take more: 409 `tag_limit` on tag creation, 422 on record writes (spec 8). */
export type OnCatalogFull = () => ApiError;

/**
 * Adds the names (normalized, distinct ignoring case, none in the catalog yet) with their colors.
 * 403 `tags_admins_only` when the caller may not add; `onFull` when they would pass 200.
 */
export async function addToCatalog(
  context: RecordContext,
  names: readonly string[],
  onFull: OnCatalogFull,
  color?: TagColor,
): Promise<StoredTag[]> {
  if (names.length === 0) return [];
  if (!mayAddToCatalog(context)) throw new ApiError('tags_admins_only');
  if (context.tables.tags.size + names.length > TAG_LIMITS.per_workspace) throw onFull();
  const added: StoredTag[] = [];
  for (const name of names) added.push(await insertTag(context, name, color));
  return added;
}

/** What writing to the catalog needs: no caller, so that the system (a form, an import) can add too. */
export type CatalogWriter = Pick<RecordContext, 'state' | 'workspace' | 'tables' | 'nowIso'>;

/** A new catalog tag; the caller has checked the name, the rights and the limit. */
export async function insertTag(writer: CatalogWriter, name: string, color?: TagColor): Promise<StoredTag> {
  const id = writer.workspace.newId('tag');
  return writer.tables.tags.insert({ id, name, color: color ?? automaticColor(name), created_at: writer.nowIso() });
}

/** The catalog by name, ignoring case (ties by id, so the order is stable). */
export function catalogByName(tables: WorkspaceTables): StoredTag[] {
  return [...tables.tags.values()].sort(
    (a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || (a.id < b.id ? -1 : 1),
  );
}

/** `usage` of every tag in one pass over the records, by tag key; trashed records not counted (spec 2.5). */
export function usageByKey(tables: WorkspaceTables): Map<string, TagCounts> {
  const usage = new Map<string, TagCounts>();
  for (const entity of TAGGED_ENTITIES) {
    for (const record of taggedRecords(tables, entity)) {
      if (record.deleted_at !== null) continue;
      for (const key of new Set(record.tags.map(tagKey))) {
        let counts = usage.get(key);
        if (!counts) usage.set(key, (counts = noCounts()));
        counts[entity]++;
      }
    }
  }
  return usage;
}
