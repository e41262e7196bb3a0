// Puts the journal's entries (state-journal-format.ts) onto the workspaces of the state file, as
// plain snapshots, before any is restored: the result is the workspaces as the last entry left
// them, which restore-snapshot.ts then checks and loads like any snapshot.
import type { WorkspaceSnapshot } from '../workspaces/snapshot-format.ts';
import type { JournalEntry } from './state-journal-format.ts';
import { StateFileError } from './state-file-error.ts';

type AnyRecord = Record<string, unknown>;

/** A workspace being replayed: its snapshot, and its tables by record id once an entry writes them. */
type Replayed = { snapshot: WorkspaceSnapshot; tables: Map<string, Map<string, AnyRecord>> };

/** The snapshots after every entry, in the state file's order, then those the journal created. */
export function replayJournal(snapshots: WorkspaceSnapshot[], entries: JournalEntry[], journalPath: string): WorkspaceSnapshot[] {
  const workspaces = new Map<string, Replayed>(snapshots.map((snapshot) => [snapshot.workspace.id, { snapshot, tables: new Map() }]));
  for (const entry of entries) apply(workspaces, entry, journalPath);
  return [...workspaces.values()].map(finish);
}

function apply(workspaces: Map<string, Replayed>, entry: JournalEntry, journalPath: string): void {
  if (entry.deleted) return void workspaces.delete(entry.ws);
  if (entry.snapshot) workspaces.set(entry.ws, { snapshot: entry.snapshot, tables: new Map() });
  const replayed = workspaces.get(entry.ws);
  if (!replayed)
    throw new StateFileError(
      `the state journal ${journalPath} is damaged: entry ${entry.seq} changes workspace ${entry.ws}, which nothing before it holds`,
    );
  for (const [table, id, record] of entry.writes ?? []) {
    const records = tableOf(replayed, table);
    if (record) records.set(id, record);
    else records.delete(id);
  }
  if (entry.head) Object.assign(replayed.snapshot, entry.head);
}

function tableOf(replayed: Replayed, name: string): Map<string, AnyRecord> {
  let records = replayed.tables.get(name);
  if (!records) {
    const listed: unknown = (replayed.snapshot.tables as Record<string, unknown> | undefined)?.[name];
    records = new Map(Array.isArray(listed) ? listed.map((record: AnyRecord) => [record?.id as string, record]) : []);
    replayed.tables.set(name, records);
  }
  return records;
}

/** Tables list records in id order, which is creation order (store/table.ts). */
function finish({ snapshot, tables }: Replayed): WorkspaceSnapshot {
  if (!tables.size) return snapshot;
  const written = Object.fromEntries([...tables].map(([name, records]) => [name, [...records.values()].sort(byId)]));
  return { ...snapshot, tables: { ...snapshot.tables, ...written } as WorkspaceSnapshot['tables'] };
}

function byId(a: AnyRecord, b: AnyRecord): number {
  return (a.id as string) < (b.id as string) ? -1 : (a.id as string) > (b.id as string) ? 1 : 0;
}
