// A workspace as one JSON-ready value (openapi/control/snapshot.yaml): everything that makes it
// behave as it does, every table included without naming any, so that tables added later are
// in snapshots at once. restore-snapshot.ts puts one back.
//
// Records are the tables' own objects, not copies: serialize the snapshot before the workspace
// changes again (the control route and the state file do so at once).
import type { MockState } from '../mock-state.ts';
import type { Table } from '../store/table.ts';
import {
  ACCESS_TOKEN_NAMES,
  API_KEY_NAMES,
  LIMIT_NAMES,
  MEMBER_NAMES,
  SESSION_NAMES,
  SNAPSHOT_FORMAT,
  toWire,
  WORKSPACE_NAMES,
  type WorkspaceSnapshot,
} from './snapshot-format.ts';
import type { Workspace } from './workspace.ts';

/** Take it inside the workspace's transactions (`snapshotWhenIdle`) so that no request is half done. */
export function snapshotOf(state: MockState, workspace: Workspace): WorkspaceSnapshot {
  // Read together: a running clock's distance from real time is what a restore keeps.
  const realNow = Date.now();
  const { clock } = workspace;
  return {
    format: SNAPSHOT_FORMAT,
    exported_at: new Date(realNow).toISOString(),
    workspace: { ...toWire(workspace, WORKSPACE_NAMES), limits: toWire(workspace.limits, LIMIT_NAMES) } as WorkspaceSnapshot['workspace'],
    clock: { now: clock.isoNow(), frozen: clock.frozen },
    numbers: { ...workspace.numbers },
    members: [...workspace.members.values()].map((member) => toWire(member, MEMBER_NAMES) as WorkspaceSnapshot['members'][number]),
    api_keys: [...workspace.apiKeys.values()].map((apiKey) => toWire(apiKey, API_KEY_NAMES) as WorkspaceSnapshot['api_keys'][number]),
    access_tokens: state
      .accessTokensOf(workspace.id)
      .map((token) => toWire(token, ACCESS_TOKEN_NAMES) as WorkspaceSnapshot['access_tokens'][number]),
    sessions: state
      .sessionsOf(workspace.id)
      .map((session) => toWire(session, SESSION_NAMES) as NonNullable<WorkspaceSnapshot['sessions']>[number]),
    tables: Object.fromEntries(tablesOf(workspace).map(([name, table]) => [name, table.records()])),
  };
}

export type AnyTable = Table<{ id: string }>;

/** Every table of the workspace by name, whatever tables there are now. */
export function tablesOf(workspace: Workspace): [string, AnyTable][] {
  return Object.entries(workspace.tables as unknown as Record<string, AnyTable>);
}

/** The snapshot once the requests already changing the workspace have finished. */
export function snapshotWhenIdle(state: MockState, workspace: Workspace): Promise<WorkspaceSnapshot> {
  return workspace.transactions.run(() => snapshotOf(state, workspace));
}
