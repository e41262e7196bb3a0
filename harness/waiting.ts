// What a conformance check is waiting for, so that the run's reporter can say it while the check
// waits (issue 25, item 5: a run against a deployment went silent for up to 150 s). The waits
// themselves (a webhook receiver's, a delivery log's) name what they wait for and print nothing;
// the run keeps one board per check (conformance/run.ts) and its reporter reads it every few seconds.
import { AsyncLocalStorage } from 'node:async_hooks';

export type Wait = { what: string; sinceMs: number; upToMs: number };

/** The waits in progress of one check, outermost first (the outermost names it best: "the first retry", not "a request to /x"). */
export class WaitBoard {
  readonly waits: Wait[] = [];

  /** What the check waits for now, or undefined when it is not waiting on a named wait. */
  current(): Wait | undefined {
    return this.waits[0];
  }
}

const boards = new AsyncLocalStorage<WaitBoard>();

/** Runs `work` with `board` as the board of the waits it makes. */
export function withWaitBoard<T>(board: WaitBoard, work: () => Promise<T>): Promise<T> {
  return boards.run(board, work);
}

/** Waits for `wait()`, up to `upToMs`, with `what` on the board of the check it runs in (if any) meanwhile. */
export async function waitingFor<T>(what: string, upToMs: number, wait: () => Promise<T>): Promise<T> {
  const board = boards.getStore();
  if (!board) return wait();
  const entry: Wait = { what, sinceMs: Date.now(), upToMs };
  board.waits.push(entry);
  try {
    return await wait();
  } finally {
    board.waits.splice(board.waits.indexOf(entry), 1);
  }
}

/** Issue 25: a person watching a run against a deployment hears from it at least every 5 s. */
export const PROGRESS_EVERY_MS = 5_000;

/** How long a piece of work (a check, a story's step) has run, and what it waits for now. */
export type Progress = { elapsedMs: number; wait?: Wait };

/** Runs `work` with a board of its waits, telling `onProgress` every `everyMs` how long it has run and what it waits for. */
export async function withProgress<T>(
  onProgress: ((progress: Progress) => void) | undefined,
  work: () => Promise<T>,
  everyMs = PROGRESS_EVERY_MS,
): Promise<T> {
  if (!onProgress) return work();
  const board = new WaitBoard();
  const started = Date.now();
  const timer = setInterval(() => {
    const wait = board.current();
    onProgress({ elapsedMs: Date.now() - started, ...(wait ? { wait } : {}) });
  }, everyMs);
  try {
    return await withWaitBoard(board, work);
  } finally {
    clearInterval(timer);
  }
}

/** What a running piece of work is doing, in words: `12 s, waiting for the first retry (7 s of up to 60 s)`. */
export function progressText({ elapsedMs, wait }: Progress): string {
  const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
  const waiting = wait
    ? `waiting for ${wait.what} (${seconds(Date.now() - wait.sinceMs)} of up to ${seconds(wait.upToMs)})`
    : 'still running (not on a named wait)';
  return `${seconds(elapsedMs)}, ${waiting}`;
}
