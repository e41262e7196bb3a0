// Undo of a bulk tag run (spec 4.4, 8): within 24 hours on the workspace clock, each record the
// run changed loses the tags the run added and gets back those it removed; what changed since (a
// PATCH, another run) stays (issue 24: undoing the first of four runs removed the others' tags).
// A tag renamed since comes back under its new name; one deleted since stays deleted (undo never
// adds to the catalog); a record never passes 10 tags by an undo (spec 8), so a put-back tag that
// would is left out. Undoing twice changes nothing.
import { ApiError } from '../../errors/api-error.ts';
import { grants } from '../../auth/scopes.ts';
import type { WorkspaceTables } from '../../workspaces/workspace-tables.ts';
import type { RecordContext } from '../records/record-context.ts';
import { presentBulkRun, type BulkRun, type RecordBefore, type StoredBulkRun, type TagBefore } from './bulk-run-record.ts';
import { catalogTag } from './tag-catalog.ts';
import { TAG_LIMITS } from './tag-limits.ts';
import { tagKey } from './tag-name.ts';
import { setRecordTags, taggedTable } from './tagged-records.ts';
import { notFound } from '../../errors/not-found.ts';

const HOUR_MS = 60 * 60 * 1000;

export async function undoBulkAction(context: RecordContext, runId: string): Promise<BulkRun> {
  const run = context.tables.bulkRuns.get(runId);
  if (!run) throw notFound(runId, 'bulkRun');
  // The route's path names no entity, so the pipeline could not check the run's write scope.
  const scope = `${run.entity}:write`;
  if (!grants(context.caller.scopes, scope)) throw new ApiError('missing_scope', { scope });
  if (run.status === 'undone') return presentBulkRun(run);
  refuseAfterWindow(context, run);
  await putBack(context, run);
  return presentBulkRun(await context.tables.bulkRuns.update(run.id, (draft) => void (draft.status = 'undone')));
}

/** The undo window is a limit of spec 8 ("bulk tag changes undoable: 24 hours"), so past it: 409 `limit_reached`. */
function refuseAfterWindow(context: RecordContext, run: StoredBulkRun): void {
  const now = context.workspace.now();
  if (now <= Date.parse(run.undo_until)) return;
  const used = Math.floor((now - Date.parse(run.created_at)) / HOUR_MS);
  throw new ApiError(
    'limit_reached',
    { key: 'bulk_undo_hours', limit: 24, used, plan: context.workspace.plan, upgrade_to: null },
    { status: 409 },
  );
}

async function putBack(context: RecordContext, run: StoredBulkRun): Promise<void> {
  const table = taggedTable(context.tables, run.entity);
  for (const changed of run.before) {
    // A record removed for good since (not trashed: trash keeps it) has nothing to put back.
    const record = table?.get(changed.id);
    if (!record) continue;
    const tags = changed.added && changed.removed ? reverted(context.tables, record.tags, changed) : namesNow(context.tables, changed.tags);
    await setRecordTags(table!, record, tags, context.nowIso());
  }
}

/**
 * The record's tags now, without what the run added and with what it removed, in the order they
 * had before the run; tags given since keep their places after those.
 */
function reverted(tables: WorkspaceTables, current: readonly string[], changed: RecordBefore): string[] {
  const added = new Set(namesNow(tables, changed.added!).map(tagKey));
  const kept = current.filter((name) => !added.has(tagKey(name)));
  const keptKeys = new Set(kept.map(tagKey));
  const putBack = namesNow(tables, changed.removed!).filter((name) => !keptKeys.has(tagKey(name)));
  const room = Math.max(0, TAG_LIMITS.per_record - kept.length);
  const back = new Set(putBack.slice(0, room).map(tagKey));
  const earlier = namesNow(tables, changed.tags).filter((name) => keptKeys.has(tagKey(name)) || back.has(tagKey(name)));
  const earlierKeys = new Set(earlier.map(tagKey));
  return [...earlier, ...kept.filter((name) => !earlierKeys.has(tagKey(name)))];
}

/** A record's tags as undo keeps them: by catalog id where the catalog holds the name. */
export function tagsBefore(tables: WorkspaceTables, tags: readonly string[]): TagBefore[] {
  return tags.map((name) => ({ tag_id: catalogTag(tables, name)?.id ?? null, name }));
}

function namesNow(tables: WorkspaceTables, tags: readonly TagBefore[]): string[] {
  return tags.flatMap(({ tag_id, name }) => {
    if (tag_id === null) return [name];
    const tag = tables.tags.get(tag_id);
    return tag ? [tag.name] : [];
  });
}
