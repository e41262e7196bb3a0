// Puts a snapshot (snapshot.ts) back as a workspace. The new workspace is built whole, every
// record checked against its table's schema, before anything of the mock changes; only then is
// it swapped in for the old one in one synchronous step, so a bad snapshot leaves nothing behind.
import type { AccessToken } from '../auth/access-token.ts';
import type { ApiKey } from '../auth/api-key.ts';
import type { Session } from '../auth/session.ts';
import { VirtualClock } from '../clock/virtual-clock.ts';
import type { RequestLimits } from '../limits/request-limits.ts';
import type { MockState } from '../mock-state.ts';
import { noRecordNumbers } from '../store/record-numbers.ts';
import { Transactions } from '../store/transactions.ts';
import type { Member } from './member.ts';
import {
  ACCESS_TOKEN_NAMES,
  API_KEY_NAMES,
  fromWire,
  LIMIT_NAMES,
  MEMBER_NAMES,
  SESSION_NAMES,
  WORKSPACE_NAMES,
  type WorkspaceSnapshot,
} from './snapshot-format.ts';
import { checkedSnapshot, checkIdentities, fieldName, invalidSnapshot, MAX_REPORTED_PROBLEMS } from './snapshot-problems.ts';
import { resumeScheduledWork } from './resume-scheduled-work.ts';
import { tablesOf, type AnyTable } from './snapshot.ts';
import { currentTableName } from './workspace-tables.ts';
import { ownMembers, type Workspace } from './workspace.ts';

type Records = WorkspaceSnapshot['tables'];

/**
 * Makes the workspace `workspaceId` (by default the snapshot's own id) what `value` holds,
 * replacing any workspace of that id with its credentials. Throws 422 `validation_failed`.
 */
export async function restoreSnapshot(state: MockState, value: unknown, workspaceId?: string): Promise<Workspace> {
  const snapshot = checkedSnapshot(state, value);
  const id = workspaceId ?? snapshot.workspace.id;
  checkIdentities(state, id, snapshot);
  const workspace = await workspaceFrom(state, id, snapshot);
  const previous = state.workspaces.get(id);
  // After the requests already running on the old workspace, which would otherwise finish on a workspace that is gone.
  await (previous ? previous.transactions.run(() => swapIn(state, workspace, snapshot)) : swapIn(state, workspace, snapshot));
  resumeScheduledWork(state, workspace);
  return workspace;
}

async function workspaceFrom(state: MockState, id: string, snapshot: WorkspaceSnapshot): Promise<Workspace> {
  const transactions = new Transactions();
  const workspace: Workspace = fromWire<Workspace>(snapshot.workspace, WORKSPACE_NAMES, {
    id,
    limits: fromWire<RequestLimits>(snapshot.workspace.limits, LIMIT_NAMES),
    members: new Map(snapshot.members.map((member) => [member.id, fromWire<Member>(member, MEMBER_NAMES)])),
    apiKeys: new Map(snapshot.api_keys.map((apiKey) => [apiKey.id, fromWire<ApiKey>(apiKey, API_KEY_NAMES, { workspaceId: id })])),
    ...ownMembers(await clockFrom(snapshot), state),
    tables: state.newTables(transactions),
    transactions,
    numbers: { ...noRecordNumbers(), ...snapshot.numbers },
  });
  const records = id === snapshot.workspace.id ? snapshot.tables : (retarget(snapshot.tables, snapshot.workspace.id, id) as Records);
  await loadTables(workspace, records);
  return workspace;
}

/** A frozen clock stops at the snapshot's moment; a running one keeps its distance from real time. */
async function clockFrom({ clock, exported_at }: WorkspaceSnapshot): Promise<VirtualClock> {
  const restored = new VirtualClock();
  const atMs = Date.parse(clock.now);
  if (clock.frozen) await restored.freeze(true);
  await restored.set(clock.frozen ? atMs : Date.now() + (atMs - Date.parse(exported_at)));
  return restored;
}

async function loadTables(workspace: Workspace, snapshotRecords: Records): Promise<void> {
  const tables = Object.fromEntries(tablesOf(workspace));
  const records = underCurrentNames(snapshotRecords, tables);
  const unknown = Object.keys(records).filter((name) => !Object.hasOwn(tables, name));
  if (unknown.length) throw invalidSnapshot(Object.fromEntries(unknown.map((name) => [`tables.${name}`, 'is no table of this mock'])));
  const fields = await recordProblems(tables, records);
  if (Object.keys(fields).length) throw invalidSnapshot(fields);
  for (const [name, table] of Object.entries(tables)) {
    try {
      await table.load(records[name] ?? []);
    } catch (error) {
      throw invalidSnapshot({ [`tables.${name}`]: error instanceof Error ? error.message : String(error) });
    }
  }
}

/**
 * The records with those of tables renamed since the snapshot was taken (`formerNames`) moved
 * under the table's name now: a record under the current name wins over one of the same id under
 * a former one (a state file's journal, written after an upgrade, updates the old records).
 */
function underCurrentNames(records: Records, tables: Record<string, AnyTable>): Records {
  const renamed = Object.keys(records).filter((name) => !Object.hasOwn(tables, name) && currentTableName(name));
  if (renamed.length === 0) return records;
  const moved: Record<string, unknown[]> = Object.fromEntries(Object.entries(records).filter(([name]) => !renamed.includes(name)));
  for (const name of renamed) {
    const current = currentTableName(name)!;
    const ids = new Set((moved[current] ?? []).map(idOf));
    moved[current] = [...(moved[current] ?? []), ...records[name]!.filter((record) => !ids.has(idOf(record)))];
    // Tables list records in id order, which is creation order (store/table.ts).
    moved[current].sort((a, b) => (idOf(a) < idOf(b) ? -1 : idOf(a) > idOf(b) ? 1 : 0));
  }
  return moved as Records;
}

function idOf(record: unknown): string {
  return String((record as { id?: unknown } | null)?.id);
}

/** Checked before loading so that each problem names its record, and @msw/data logs nothing. */
async function recordProblems(tables: Record<string, AnyTable>, records: Records): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for (const [name, list] of Object.entries(records)) {
    for (const [index, record] of list.entries()) {
      for (const issue of await tables[name]!.problems(record)) {
        fields[fieldName(['tables', name, String(index), ...(issue.path ?? []).map(segmentKey)])] ??= issue.message;
        if (Object.keys(fields).length >= MAX_REPORTED_PROBLEMS) return fields;
      }
    }
  }
  return fields;
}

function segmentKey(segment: PropertyKey | { key: PropertyKey }): PropertyKey {
  return typeof segment === 'object' ? segment.key : segment;
}

/** The records with every value that is the snapshot's workspace id turned into `toId` (events carry `workspace_id`). */
function retarget(value: unknown, fromId: string, toId: string): unknown {
  if (value === fromId) return toId;
  if (Array.isArray(value)) return value.map((item) => retarget(item, fromId, toId));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, retarget(item, fromId, toId)]));
  return value;
}

/** One synchronous step: no request sees the mock between the old workspace and the new. */
function swapIn(state: MockState, workspace: Workspace, snapshot: WorkspaceSnapshot): void {
  state.replaceWorkspace(workspace);
  for (const apiKey of workspace.apiKeys.values()) state.addApiKey(apiKey);
  for (const token of snapshot.access_tokens)
    state.addAccessToken(fromWire<AccessToken>(token, ACCESS_TOKEN_NAMES, { workspaceId: workspace.id }));
  for (const session of snapshot.sessions ?? []) state.addSession(fromWire<Session>(session, SESSION_NAMES, { workspaceId: workspace.id }));
  state.followIds(idsOf(workspace));
}

function* idsOf(workspace: Workspace): Generator<string> {
  yield workspace.id;
  yield* workspace.members.keys();
  yield* workspace.apiKeys.keys();
  for (const [, table] of tablesOf(workspace)) for (const record of table.records()) yield record.id;
}
