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
