// What the mutants of stored state share (areas/tags-state.ts, notes-state.ts, leads-state.ts): ids as
// spec 2.2 shapes them, and the workspace that holds a record.
import type { MockState } from '../mock-state.ts';
import type { WorkspaceTables } from '../workspaces/workspace-tables.ts';
import type { Workspace } from '../workspaces/workspace.ts';

/** The workspace whose table `table` holds the record `id`. */
export function workspaceHolding(state: MockState, table: keyof WorkspaceTables, id: string): Workspace | undefined {
  return [...state.workspaces.values()].find((workspace) => (workspace.tables[table] as { get(id: string): unknown }).get(id));
}

/** A path's id that is a short-prefixed id of `prefix` (not a number, not a long prefix: spec 2.2). */
export const shortId = (prefix: string, id: string | undefined) => id !== undefined && new RegExp(`^${prefix}_[0-9a-z]{26}$`).test(id);
