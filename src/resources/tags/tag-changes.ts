// Rename, recolor, merge and delete (spec 4.4): each changes the catalog and, in the same step,
// every lead, contact and company with the tag and every form that adds it. Automations and saved
// filters have no place in the mock, so there is nothing else to follow.
import { ApiError } from '../../errors/api-error.ts';
import { normalizeId } from '../../ids/ids.ts';
import type { WorkspaceTables } from '../../workspaces/workspace-tables.ts';
import type { RecordContext } from '../records/record-context.ts';
import { catalogTag } from './tag-catalog.ts';
import { tagsInvalid } from './tag-list-input.ts';
import { distinctNames, normalizeTagName, tagKey, tagNameProblem } from './tag-name.ts';
import type { StoredTag, TagColor, TagCounts } from './tag-record.ts';
import { countCarrying, retagRecords } from './tagged-records.ts';

export type TagChange = { tag: StoredTag; affected: TagCounts };

/** `affected` counts the live records carrying the tag: a recolor changes how each of them shows. */
export async function renameOrRecolor(
  context: RecordContext,
  tag: StoredTag,
  body: { name?: string; color?: TagColor },
): Promise<TagChange> {
  const name = body.name === undefined ? tag.name : newName(context.tables, tag, body.name);
  const key = tagKey(tag.name);
  const affected =
    name === tag.name ? countCarrying(context.tables, key) : await retag(context, key, (tags) => replaceName(tags, key, name));
  const updated = await context.tables.tags.update(tag.id, (draft) => {
    draft.name = name;
    draft.color = body.color ?? tag.color;
  });
  return { tag: updated, affected };
}

/** Records with `source` get `into` in its place (no duplicate); then `source` leaves the catalog. */
export async function mergeTag(context: RecordContext, source: StoredTag, intoId: string): Promise<TagChange> {
  const into = context.tables.tags.get(normalizeId(intoId));
  if (!into) throw tagsInvalid('into', 'no tag of this workspace has this id');
  if (into.id === source.id) throw tagsInvalid('into', 'a tag cannot be merged into itself');
  const key = tagKey(source.name);
  const affected = await retag(context, key, (tags) => replaceName(tags, key, into.name));
  context.tables.tags.remove(source.id);
  return { tag: into, affected };
}

export async function deleteTag(context: RecordContext, tag: StoredTag): Promise<TagCounts> {
  const key = tagKey(tag.name);
  const affected = await retag(context, key, (tags) => tags.filter((name) => tagKey(name) !== key));
  context.tables.tags.remove(tag.id);
  return affected;
}

/** The name checked and normalized; 409 `tag_exists` naming the other tag when it is taken. */
function newName(tables: WorkspaceTables, tag: StoredTag, sent: string): string {
  const name = normalizeTagName(sent);
  const problem = tagNameProblem(name);
  if (problem) throw tagsInvalid('name', problem);
  const other = catalogTag(tables, name);
  if (other && other.id !== tag.id) throw new ApiError('tag_exists', { tag_id: other.id });
  return name;
}

/** `key`'s name replaced by `name` where it stood; a second copy of `name` (merge) is dropped. */
function replaceName(tags: readonly string[], key: string, name: string): string[] {
  return distinctNames(tags.map((tag) => (tagKey(tag) === key ? name : tag)));
}

async function retag(context: RecordContext, key: string, change: (tags: string[]) => string[]): Promise<TagCounts> {
  const affected = await retagRecords(context.tables, key, context.nowIso(), change);
  await retagForms(context.tables, key, change);
  return affected;
}

async function retagForms(tables: WorkspaceTables, key: string, change: (tags: string[]) => string[]): Promise<void> {
  const carrying = [...tables.forms.values()].filter((form) => form.tags.some((name) => tagKey(name) === key));
  for (const form of carrying) await tables.forms.update(form.id, (draft) => void (draft.tags = change(form.tags)));
}
