// `crmkit mock --state FILE` around the mock: loads FILE and replays its journal, holds each answer
// until the changes made before it are on the disk (state-journal.ts), and keeps everything in
// FILE at a clean stop. One mock per FILE (state-lock.ts). Without `--state` it changes nothing.
import type { Mock } from '../mock.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { loadStateFile } from '../durable-state/state-file.ts';
import { lockStateFile } from '../durable-state/state-lock.ts';
import { DEFAULT_COMPACT_EVERY, StateJournal } from '../durable-state/state-journal.ts';

export type StateOption = {
  /** The mock whose answers wait for the journal. */
  mock: Mock;
  loaded: Workspace[];
  /** What the start recovered from, one line each. */
  notes: string[];
  /** Follows every workspace the mock has now and compacts; answers wait until it has. */
  start(): Promise<void>;
  /** Everything into FILE; false when that failed. Once, however often called. */
  close(): Promise<boolean>;
  /** Once compactions under way have ended and every change so far is on the disk (for tests). */
  settled(): Promise<void>;
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Throws StateFileError (state-file-error.ts) for a file it cannot use. */
export async function useStateFile(mock: Mock, path: string | undefined): Promise<StateOption> {
  if (!path) return { mock, loaded: [], notes: [], start: async () => {}, close: async () => true, settled: async () => {} };
  const unlock = lockStateFile(path);
  const { workspaces, lastSeq, notes } = await loadStateFile(mock.state, path).catch((error: unknown) => {
    unlock();
    throw error;
  });
  const journal = new StateJournal(mock.state, path, {
    lastSeq,
    // Tests compact often, to be killed in the middle of one.
    compactEvery: Number(process.env.CRMKIT_STATE_COMPACT_EVERY) || DEFAULT_COMPACT_EVERY,
    onFatal: (error) => {
      process.stderr.write(
        `crmkit mock: the state file ${path} or its journal cannot be written (${(error as NodeJS.ErrnoException).code ?? String(error).split('\n')[0]}): stopping, without sending the answers of changes not on the disk\n`,
      );
      process.exit(1);
    },
  });
  let started: () => void;
  const ready = new Promise<void>((resolve) => (started = resolve));
  const respond: Mock['respond'] = async (request, info) => {
    const response = await mock.respond(request, info);
    await ready;
    if (!SAFE_METHODS.has(request.method) && new URL(request.url).pathname.startsWith('/_mock/')) await journal.catchUp();
    await journal.durable();
    return response;
  };
  let closing: Promise<boolean> | undefined;
  return {
    mock: { ...mock, respond },
    loaded: workspaces,
    notes,
    start: async () => {
      await journal.start();
      started();
    },
    close: () => (closing ??= journal.close().finally(unlock)),
    settled: () => journal.settled(),
  };
}
