// Read, delete and restore of a record kind with a trash (spec 2.1, 3): the same three handlers
// for leads, contacts and companies, only the table and the presenter differ.
import type { HandlerContext, HandlerResult } from '../../http/handler.ts';
import type { ValidatedInput } from '../../http/request-validation.ts';
import { findRecord } from '../../store/find-record.ts';
import type { Table } from '../../store/table.ts';
import type { WorkspaceTables } from '../../workspaces/workspace-tables.ts';
import type { Workspace } from '../../workspaces/workspace.ts';
import { recordContext, type RecordContext } from './record-context.ts';
import { findLive, moveToTrash, restoreFromTrash, type Trashable } from './trash.ts';

export type TrashableKind<T extends Trashable, Kind extends string> = {
  /** The operationIds: `get<Kind>`, `delete<Kind>`, `restore<Kind>`. */
  kind: Kind;
  tableOf(tables: WorkspaceTables): Table<T>;
  present(workspace: Workspace, record: T): unknown;
  /** A rule a record in the trash must still meet to come back (a lead: spec 7.3 duplicate_lead); throws if not. */
  checkRestore?(context: RecordContext, record: T): void;
};

/** The context of a route of one record, `{id}` (its id or number, spec 2.1). */
type RecordRouteContext = Omit<HandlerContext, 'input'> & { input: ValidatedInput & { path: { id: string } } };
type RecordRouteHandler = (context: RecordRouteContext) => Promise<HandlerResult> | HandlerResult;

/** The three handlers, under the operationIds the kind names (the tag's handlers check them against the document). */
export type TrashableHandlers<Kind extends string> = Record<`get${Kind}` | `delete${Kind}` | `restore${Kind}`, RecordRouteHandler>;

export function trashableHandlers<T extends Trashable, Kind extends string>({
  kind,
  tableOf,
  present,
  checkRestore,
}: TrashableKind<T, Kind>): TrashableHandlers<Kind> {
  const handlers: Record<string, RecordRouteHandler> = {
    [`get${kind}`](handlerContext) {
      const context = recordContext(handlerContext);
      return { body: present(context.workspace, findLive(tableOf(context.tables), handlerContext.input.path.id)) };
    },

    async [`delete${kind}`](handlerContext) {
      const context = recordContext(handlerContext);
      const record = findLive(tableOf(context.tables), handlerContext.input.path.id);
      await moveToTrash(tableOf(context.tables), record, context.nowIso());
      return { body: { ok: true, id: record.id } };
    },

    async [`restore${kind}`](handlerContext) {
      const context = recordContext(handlerContext);
      const table = tableOf(context.tables);
      const record = findRecord(table, handlerContext.input.path.id);
      if (record.deleted_at !== null) checkRestore?.(context, record);
      return { body: present(context.workspace, await restoreFromTrash(table, record)) };
    },
  };
  // Computed keys widen to string: the three names are the template's, by construction.
  return handlers as TrashableHandlers<Kind>;
}
