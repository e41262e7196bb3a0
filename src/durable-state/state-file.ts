// `crmkit mock --state FILE`: every workspace of the mock kept across restarts and crashes. FILE
// holds the workspaces, each as the snapshot GET /_mock/workspaces/{ws}/snapshot answers, as
// they stood at the last compaction; `FILE.journal` (state-journal-format.ts) every change
// committed since, appended before its answer is sent (state-journal.ts). Starting replays the
// journal onto the file's workspaces.
import { constants } from 'node:fs';
import { access, open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ApiError } from '../errors/api-error.ts';
import type { MockState } from '../mock-state.ts';
import { restoreSnapshot } from '../workspaces/restore-snapshot.ts';
import type { WorkspaceSnapshot } from '../workspaces/snapshot-format.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { jsonProblem, StateFileError } from './state-file-error.ts';
import { readJournal } from './state-journal-format.ts';
import { replayJournal } from './state-replay.ts';

/** Format 2 adds `journal_seq`: the journal's entries up to it are in the file already. Format 1 (no journal) still loads. */
const STATE_FORMAT = 2;

type StateFile = { format: 1 | 2; saved_at: string; journal_seq?: number; workspaces: WorkspaceSnapshot[] };

export type LoadedState = {
  /** The workspaces put into the mock, in the file's order, then those the journal created. */
  workspaces: Workspace[];
  /** The last sequence number the file or its journal used: the journal goes on after it. */
  lastSeq: number;
  /** Lines to print: what the start recovered from. */
  notes: string[];
};

export function journalPathOf(path: string): string {
  return `${path}.journal`;
}

/** Loads FILE and replays its journal; none of either is no workspace. Throws StateFileError. */
export async function loadStateFile(state: MockState, path: string): Promise<LoadedState> {
  // A place the file cannot be written to is found out now, not when the first change is to be kept.
  await access(dirname(path), constants.W_OK).catch((error: NodeJS.ErrnoException) => {
    throw new StateFileError(`the state file ${path} cannot be written: its folder is not writable (${error.code})`);
  });
  const file = parseStateFile(path, await readIfThere(path));
  const journalPath = journalPathOf(path);
  const journalText = await readIfThere(journalPath);
  const journal = readJournal(journalPath, journalText ?? '', file.journal_seq ?? 0);
  const notes = journal.droppedBytes
    ? [
        `the last entry of ${journalPath} was cut short (${journal.droppedBytes} bytes, no answer was sent for it): dropped; every whole entry before it is loaded`,
      ]
    : [];
  const snapshots = replayJournal(file.workspaces, journal.entries, journalPath);
  const workspaces: Workspace[] = [];
  for (const snapshot of snapshots) {
    workspaces.push(await restoreOne(state, snapshot, journal.entries.length ? `${path} with ${journalPath}` : path));
  }
  return { workspaces, lastSeq: journal.lastSeq, notes };
}

function parseStateFile(path: string, text: string | undefined): StateFile {
  if (text === undefined) return { format: STATE_FORMAT, saved_at: '', workspaces: [] };
  let file: Partial<StateFile>;
  try {
    file = JSON.parse(text) as Partial<StateFile>;
  } catch (error) {
    throw new StateFileError(`the state file ${path} is damaged: ${jsonProblem(error, text)}`);
  }
  if (!file || typeof file !== 'object' || (file.format !== 1 && file.format !== STATE_FORMAT) || !Array.isArray(file.workspaces)) {
    throw new StateFileError(`the state file ${path} is not a crmkit state file of format 1 or ${STATE_FORMAT}`);
  }
  if (file.journal_seq !== undefined && !Number.isSafeInteger(file.journal_seq))
    throw new StateFileError(`the state file ${path} is damaged: its journal_seq is not a whole number`);
  for (const [index, snapshot] of file.workspaces.entries()) {
    if (typeof (snapshot as WorkspaceSnapshot | null)?.workspace?.id !== 'string')
      throw new StateFileError(`the state file ${path} is damaged: workspaces[${index}] has no workspace id`);
  }
  return file as StateFile;
}

/**
 * Writes the workspaces (each already JSON) to a file beside `path`, makes it durable, renames it
 * over `path` and makes the rename durable: a crash at any moment leaves the old file or the new.
 */
export async function writeStateFile(path: string, workspaces: string[], journalSeq: number): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  const head = `{"format":${STATE_FORMAT},"saved_at":${JSON.stringify(new Date().toISOString())},"journal_seq":${journalSeq},"workspaces":[`;
  await writeDurably(temporary, [head, workspaces.join(','), ']}']);
  await rename(temporary, path);
  await syncFolder(path);
}

/** Creates (or empties) `path` with `chunks`, flushed to the disk before this resolves. */
export async function writeDurably(path: string, chunks: string[]): Promise<void> {
  const handle = await open(path, 'w', 0o600);
  try {
    for (const chunk of chunks) if (chunk) await handle.write(chunk);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/** A rename or a new file is durable once its folder is. */
export async function syncFolder(path: string): Promise<void> {
  const folder = await open(dirname(path), 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

async function readIfThere(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new StateFileError(`the state file ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/** A snapshot the mock refuses: the first problem's place and rule, never a value of the file. */
async function restoreOne(state: MockState, snapshot: WorkspaceSnapshot, where: string): Promise<Workspace> {
  try {
    return await restoreSnapshot(state, snapshot);
  } catch (error) {
    const [field, problem] = error instanceof ApiError ? (Object.entries(error.extras.fields ?? {})[0] ?? []) : [];
    const why = field ? `${field} ${String(problem).slice(0, 120)}` : error instanceof Error ? error.name : 'unreadable';
    throw new StateFileError(
      `the state file ${where} is damaged: workspace ${String(snapshot.workspace.id).slice(0, 40)} is not a workspace snapshot (${why})`,
    );
  }
}
