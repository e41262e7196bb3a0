// Bulk tag actions (spec 4.4): `add_tag`, `remove_tag` and `replace_tags` over chosen leads,
// contacts or companies. A tag list that itself breaks a limit answers 422 under `action.tags`
// and changes nothing; a record that would pass 10 tags is skipped with `too_many_tags` while the
// others change. The run keeps what each changed record had, for undo within 24 hours.
import { ApiError } from '../../errors/api-error.ts';
import { ID_PREFIXES, normalizeId } from '../../ids/ids.ts';
import type { Table } from '../../store/table.ts';
import type { RecordContext } from '../records/record-context.ts';
import { tagsBefore } from './bulk-undo.ts';
import {
  presentBulkRun,
  type BulkActionType,
  type BulkRun,
  type BulkRunRequest,
  type RecordBefore,
  type StoredBulkRun,
} from './bulk-run-record.ts';
import { addToCatalog } from './tag-catalog.ts';
import { TAG_LIMITS } from './tag-limits.ts';
import { checkedNames, spelledAsCatalog, tagsInvalid } from './tag-list-input.ts';
import { distinctNames, tagKey } from './tag-name.ts';
import { setRecordTags, taggedTable, type TaggedEntity, type TaggedRecord } from './tagged-records.ts';

const FIELD = 'action.tags';
const UNDO_WINDOW_MS = 24 * 60 * 60 * 1000;

const PREFIX_OF: Record<TaggedEntity, string> = { leads: ID_PREFIXES.lead, contacts: ID_PREFIXES.contact, companies: ID_PREFIXES.company };

type Outcome = { tags: string[] } | 'unchanged' | 'too_many_tags';

export async function runBulkAction(context: RecordContext, entity: TaggedEntity, body: BulkRunRequest): Promise<BulkRun> {
  const table = taggedTable(context.tables, entity);
  const records = chosenRecords(table, entity, body.ids);
  const names = await actionNames(context, body.type, body.tags);
  const now = context.nowIso();
  const run: StoredBulkRun = {
    id: context.workspace.newId('bulkRun'),
    object: 'bulk_run',
    type: body.type,
    entity,
    status: 'done',
    changed: 0,
    skipped: [],
    undo_until: new Date(Date.parse(now) + UNDO_WINDOW_MS).toISOString(),
    created_at: now,
    before: [],
  };
  for (const record of records) {
    const outcome = outcomeFor(body.type, record.tags, names);
    if (outcome === 'unchanged') continue;
    if (outcome === 'too_many_tags') run.skipped.push({ id: record.id, reason: outcome });
    else await change(context, table!, record, outcome.tags, run.before);
  }
  run.changed = run.before.length;
  return presentBulkRun(await context.tables.bulkRuns.insert(run));
}

/** Every id must name a live record of the entity in the path: a mistake there changes nothing. */
function chosenRecords(table: Table<TaggedRecord> | undefined, entity: TaggedEntity, ids: readonly string[]): TaggedRecord[] {
  const distinct = [...new Set(ids.map(normalizeId))];
  const wrong = distinct.filter((id) => !id.startsWith(`${PREFIX_OF[entity]}_`) || table?.get(id)?.deleted_at !== null);
  if (wrong.length)
    throw new ApiError('validation_failed', { fields: { ids: `not live ${entity} of this workspace: ${wrong.join(', ')}` } });
  return distinct.map((id) => table!.get(id)!);
}

/** The names as the catalog spells them; those it lacks are added, except for a removal, which only matches. */
async function actionNames(context: RecordContext, type: BulkActionType, sent: readonly string[]): Promise<string[]> {
  const names = checkedNames(sent, FIELD);
  if (names.length > TAG_LIMITS.per_record) throw tagsInvalid(FIELD, `a record can have at most ${TAG_LIMITS.per_record} tags`);
  if (type === 'remove_tag') return names;
  const { names: spelled, missing } = spelledAsCatalog(context.tables, names);
  await addToCatalog(context, missing, () => tagsInvalid(FIELD, `the workspace already has ${TAG_LIMITS.per_workspace} tags`));
  return spelled;
}

function outcomeFor(type: BulkActionType, current: string[], names: string[]): Outcome {
  const next = nextTags(type, current, names);
  if (next.length === current.length && next.every((name, index) => name === current[index])) return 'unchanged';
  // Only an addition can pass the limit; a record already over it may still lose tags.
  if (type === 'add_tag' && next.length > TAG_LIMITS.per_record) return 'too_many_tags';
  return { tags: next };
}

function nextTags(type: BulkActionType, current: string[], names: string[]): string[] {
  if (type === 'replace_tags') return names;
  if (type === 'remove_tag') {
    const removed = new Set(names.map(tagKey));
    return current.filter((name) => !removed.has(tagKey(name)));
  }
  return distinctNames([...current, ...names]);
}

async function change(
  context: RecordContext,
  table: Table<TaggedRecord>,
  record: TaggedRecord,
  tags: string[],
  before: RecordBefore[],
): Promise<void> {
  const had = new Set(record.tags.map(tagKey));
  const has = new Set(tags.map(tagKey));
  const added = tags.filter((name) => !had.has(tagKey(name)));
  const removed = record.tags.filter((name) => !has.has(tagKey(name)));
  before.push({
    id: record.id,
    tags: tagsBefore(context.tables, record.tags),
    added: tagsBefore(context.tables, added),
    removed: tagsBefore(context.tables, removed),
  });
  await setRecordTags(table, record, tags, context.nowIso());
}
