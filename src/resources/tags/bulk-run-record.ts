// A bulk tag run as stored (spec 4.4, 8): the run the route answers, plus what undo needs: for each
// changed record the tags it had before, and which of them the run added and removed. They are
// kept by tag id where the catalog knew the name, so an undo after a rename puts back the tag
// under its new name.
import type { components } from '../../spec/generated/crm.d.ts';
import type { TableDefinition } from '../../store/table-definition.ts';

export type BulkRun = components['schemas']['BulkRun'];
export type BulkEntity = components['schemas']['BulkEntity'];
export type BulkActionType = components['schemas']['BulkActionType'];
export type BulkRunRequest = components['schemas']['BulkRunRequest'];

/** A tag a record had: its catalog id, or only its name when the catalog did not hold it (older data). */
export type TagBefore = { tag_id: string | null; name: string };
/**
 * A record the run changed: its tags before, and what the run added and removed (undo reverts
 * only those, issue 24). Runs stored before `added` and `removed` existed put back `tags` whole.
 */
export type RecordBefore = { id: string; tags: TagBefore[]; added?: TagBefore[]; removed?: TagBefore[] };

export type StoredBulkRun = BulkRun & { before: RecordBefore[] };

export const bulkRunTable: TableDefinition<StoredBulkRun> = { document: 'crm', schema: 'BulkRun' };

export function presentBulkRun({ before: _before, ...run }: StoredBulkRun): BulkRun {
  return run;
}
