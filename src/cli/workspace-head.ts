// What a workspace holds outside its tables (its settings, clock, record numbers, members, API keys,
// OAuth access tokens, web app sessions): the parts of its snapshot (snapshot.ts) other than
// `tables`. The state journal (state-journal.ts) writes a part again whenever it changed, so that
// changes made outside a transaction (control API: clock moves, settings, keys) survive a crash too.
import type { MockState } from '../mock-state.ts';
import { snapshotOf } from '../workspaces/snapshot.ts';
import type { WorkspaceSnapshot } from '../workspaces/snapshot-format.ts';
import type { Workspace } from '../workspaces/workspace.ts';

export type WorkspaceHead = Partial<Omit<WorkspaceSnapshot, 'format' | 'tables'>>;

const PARTS = ['workspace', 'numbers', 'members', 'api_keys', 'access_tokens', 'sessions'] as const;

/** The head's parts as they are now, each beside the text it is compared by. */
export function headParts(state: MockState, workspace: Workspace): Map<string, { value: unknown; text: string }> {
  // A workspace without tables: snapshotOf takes every part but copies no record.
  const head = snapshotOf(state, { ...workspace, tables: {} as Workspace['tables'] });
  const parts = new Map<string, { value: unknown; text: string }>();
  for (const name of PARTS) parts.set(name, { value: head[name], text: JSON.stringify(head[name]) });
  // A frozen clock is its moment; a running one its distance from real time, which stays the same
  // while it runs (read twice within a millisecond's edge, it may differ by one: a spare write).
  const { now, frozen } = head.clock;
  const text = frozen ? `frozen ${now}` : `running ${Date.parse(now) - Date.parse(head.exported_at)}`;
  parts.set('clock', { value: { clock: head.clock, exported_at: head.exported_at }, text });
  return parts;
}

/** The parts of `parts` whose text differs from `written`, as a head to journal; `written` is brought up to date. */
export function changedHead(parts: Map<string, { value: unknown; text: string }>, written: Map<string, string>): WorkspaceHead | undefined {
  let head: Record<string, unknown> | undefined;
  for (const [name, { value, text }] of parts) {
    if (written.get(name) === text) continue;
    written.set(name, text);
    head ??= {};
    if (name === 'clock') Object.assign(head, value);
    else head[name] = value;
  }
  return head as WorkspaceHead | undefined;
}
