// A workspace's changes happen one request at a time and all or nothing (spec quality bar: never
// a half-applied change). While work runs, every table write of the workspace is journaled with
// its undo; if the work throws, the writes are undone in reverse order, and what was to happen
// after commit (webhook deliveries, timers) never happens.
export type Journal = { undo: (() => Promise<void>)[]; afterCommit: (() => void)[] };

export class Transactions {
  /** The journal of the running transaction; tables write into it. */
  current: Journal | undefined;
  #queue: Promise<unknown> = Promise.resolve();

  /** Runs `work` after the workspace's earlier transactions, all or nothing. Do not nest. */
  run<T>(work: () => Promise<T> | T): Promise<T> {
    const result = this.#queue.then(() => this.#attempt(work));
    this.#queue = result.catch(() => {});
    return result;
  }

  /** Records how to undo a write; outside a transaction (seeding, set-up) there is nothing to undo. */
  recordUndo(undo: () => Promise<void>): void {
    this.current?.undo.push(undo);
  }

  /** Runs `effect` once the running transaction commits, or at once outside one. */
  afterCommit(effect: () => void): void {
    if (this.current) this.current.afterCommit.push(effect);
    else effect();
  }

  async #attempt<T>(work: () => Promise<T> | T): Promise<T> {
    const journal: Journal = { undo: [], afterCommit: [] };
    this.current = journal;
    try {
      const result = await work();
      this.current = undefined;
      for (const effect of journal.afterCommit) effect();
      return result;
    } catch (error) {
      this.current = undefined;
      for (const undo of journal.undo.reverse()) await undo();
      throw error;
    }
  }
}
