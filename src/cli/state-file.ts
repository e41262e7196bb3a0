// `crmkit mock --state FILE`: every workspace of the mock kept in one JSON file across restarts,
// each as the snapshot GET /_mock/workspaces/{ws}/snapshot answers.
import { constants } from 'node:fs';
import { access, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ApiError } from '../errors/api-error.ts';
import type { MockState } from '../mock-state.ts';
import { restoreSnapshot } from '../workspaces/restore-snapshot.ts';
import { snapshotWhenIdle } from '../workspaces/snapshot.ts';
import type { WorkspaceSnapshot } from '../workspaces/snapshot-format.ts';
import type { Workspace } from '../workspaces/workspace.ts';

const STATE_FORMAT = 1;

type StateFile = { format: typeof STATE_FORMAT; saved_at: string; workspaces: WorkspaceSnapshot[] };

/** The workspaces of the file put into the mock, in the file's order; none when there is no file yet. */
export async function loadStateFile(state: MockState, path: string): Promise<Workspace[]> {
  // A place the file cannot be written to is found out now, not at exit when the state would be lost.
  await access(dirname(path), constants.W_OK);
  const text = await readIfThere(path);
  if (text === undefined) return [];
  const file = JSON.parse(text) as Partial<StateFile>;
  if (file.format !== STATE_FORMAT || !Array.isArray(file.workspaces)) throw new Error(`${path} is not a crmkit state file of format ${STATE_FORMAT}`);
  const loaded: Workspace[] = [];
  for (const [index, snapshot] of file.workspaces.entries()) loaded.push(await restoreOne(state, snapshot, `${path}: workspaces[${index}]`));
  return loaded;
}

/** Every workspace written to a file beside `path`, then renamed over it: a crash mid-write loses nothing. */
export async function saveStateFile(state: MockState, path: string): Promise<void> {
  const workspaces: WorkspaceSnapshot[] = [];
  for (const workspace of state.workspaces.values()) workspaces.push(await snapshotWhenIdle(state, workspace));
  const file: StateFile = { format: STATE_FORMAT, saved_at: new Date().toISOString(), workspaces };
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(file));
  await rename(temporary, path);
}

/** Saves once however the mock stops (a signal, the server closing); resolves to whether it worked. */
export function stateSaver(state: MockState, path: string | undefined): () => Promise<boolean> {
  let saving: Promise<boolean> | undefined;
  return () => (saving ??= path ? saveStateFile(state, path).then(() => true, reportFailure) : Promise.resolve(true));
}

async function readIfThere(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function restoreOne(state: MockState, snapshot: unknown, where: string): Promise<Workspace> {
  try {
    return await restoreSnapshot(state, snapshot);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw new Error(`${where} is not a workspace snapshot: ${JSON.stringify(error.extras.fields ?? {})}`);
  }
}

function reportFailure(error: unknown): false {
  console.error('[crmkit] the state file could not be saved', error);
  process.exitCode = 1;
  return false;
}
