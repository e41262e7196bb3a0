// What a workspace holds outside its tables (its settings, clock, record numbers, members, API keys,
// OAuth access tokens, web app sessions): the parts of its snapshot (snapshot.ts) other than
// `tables`. The state journal (state-journal.ts) writes a part again whenever it changed, so that
// changes made outside a transaction (control API: clock moves, settings, keys) survive a crash too.
//
// This is compared at every commit, so the comparison reads the mock's own objects as they are
// (about 5 µs); only a changed part is put into the snapshot's form.
import type { MockState } from '../mock-state.ts';
import { WORKSPACE_NAMES, type WorkspaceSnapshot } from '../workspaces/snapshot-format.ts';
import { snapshotOf } from '../workspaces/snapshot.ts';
import type { Workspace } from '../workspaces/workspace.ts';

export type WorkspaceHead = Partial<Omit<WorkspaceSnapshot, 'format' | 'tables'>>;

type Part = 'workspace' | 'numbers' | 'members' | 'api_keys' | 'access_tokens' | 'sessions' | 'clock';

// The workspace's own fields that a snapshot keeps, and its limits: a field added to the
// workspace is compared once snapshot-format.ts gives it a name (which it must, to compile).
const WORKSPACE_FIELDS = [
  ...Object.keys(WORKSPACE_NAMES).filter((key) => WORKSPACE_NAMES[key as keyof typeof WORKSPACE_NAMES] !== null),
  'limits',
] as (keyof Workspace)[];

/** Each part of the head as a text that changes when the part does. */
export function headTexts(state: MockState, workspace: Workspace): Map<Part, string> {
  const { clock } = workspace;
  // A frozen clock is its moment; a running one its distance from real time, which stays the same
  // while it runs (read across a millisecond's edge it may differ by one: a spare write, no more).
  const clockText = clock.frozen ? `frozen ${clock.now()}` : `running ${clock.now() - Date.now()}`;
  return new Map<Part, string>([
    ['workspace', JSON.stringify(WORKSPACE_FIELDS.map((field) => workspace[field]))],
    ['numbers', JSON.stringify(workspace.numbers)],
    ['members', JSON.stringify([...workspace.members.values()])],
    ['api_keys', JSON.stringify([...workspace.apiKeys.values()])],
    ['access_tokens', JSON.stringify(state.accessTokensOf(workspace.id))],
    ['sessions', JSON.stringify(state.sessionsOf(workspace.id))],
    ['clock', clockText],
  ]);
}

/** The parts whose text differs from `written`, in the snapshot's form; `written` is brought up to date. */
export function changedHead(state: MockState, workspace: Workspace, written: Map<Part, string>): WorkspaceHead | undefined {
  const changed = [...headTexts(state, workspace)].filter(([part, text]) => written.get(part) !== text);
  if (!changed.length) return undefined;
  const head: Record<string, unknown> = {};
  let snapshot: WorkspaceSnapshot | undefined;
  for (const [part, text] of changed) {
    written.set(part, text);
    // Record numbers change with most creates: taken as they are, without the snapshot's other parts.
    if (part === 'numbers') head.numbers = { ...workspace.numbers };
    else if (part === 'clock') Object.assign(head, clockPart(workspace));
    // A workspace without tables: snapshotOf takes every other part but copies no record.
    else head[part] = (snapshot ??= snapshotOf(state, { ...workspace, tables: {} as Workspace['tables'] }))[part];
  }
  return head as WorkspaceHead;
}

/** As snapshotOf has it: read together, since a running clock's distance from real time is what a restore keeps. */
function clockPart({ clock }: Workspace): Pick<WorkspaceSnapshot, 'clock' | 'exported_at'> {
  const realNow = Date.now();
  return { clock: { now: clock.isoNow(), frozen: clock.frozen }, exported_at: new Date(realNow).toISOString() };
}

/** What `written` starts as for a workspace whose head is in the state file already. */
export function writtenHead(state: MockState, workspace: Workspace): Map<Part, string> {
  return headTexts(state, workspace);
}
