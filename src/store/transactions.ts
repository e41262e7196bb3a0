// A workspace's changes happen one request at a time and all or nothing (spec quality bar: never
// a half-applied change). While work runs, every table write of the workspace is journaled with
// its undo; if the work throws, the writes are undone in reverse order, and what was to happen
// after commit (webhook deliveries, timers) never happens.
//
// When a redo listener is set (`crmkit mock --state`, src/durable-state/state-journal.ts), each write is
// also kept as its after-image, and a committed transaction hands its writes to the listener, so
// that a journal of committed transactions can be replayed after a crash. Without a listener the
// after-images are not kept (the MSW face and tests pay nothing).
export type Journal = { undo: (() => Promise<void>)[]; afterCommit: (() => void)[]; redo: Map<string, Write> };

/** A record as it stands after a write: `record` null when it was removed. */
export type Write = { table: object; id: string; record: object | null };

/** Told of every commit, after its after-commit effects, with the last write of each record it touched. */
export type RedoListener = (writes: Write[]) => void;

/**
 * A refusal whose writes stand: thrown from a transaction's work, the transaction commits and
 * `refusal` is thrown in its place (spec 5.2, RFC 6749 4.1.2: a reused authorization code is
 * refused and the tokens issued from it are revoked all the same).
 */
export class RefusalAfterCommit extends Error {
  readonly refusal: unknown;
  constructor(refusal: unknown) {
    super('a refusal whose writes stand');
    this.refusal = refusal;
  }
}

export class Transactions {
  /** The journal of the running transaction; tables write into it. */
  current: Journal | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #listener: RedoListener | undefined;
  /** Writes made outside any transaction (seeding, set-up), handed on as one commit of their own. */
  #loose: Write[] = [];

  /** Runs `work` after the workspace's earlier transactions, all or nothing. Do not nest. */
  run<T>(work: () => Promise<T> | T): Promise<T> {
    const result = this.#queue.then(() => this.#attempt(work));
    this.#queue = result.catch(() => {});
    return result;
  }

  /** Starts (or, with undefined, stops) handing committed writes to `listener`. */
  listen(listener: RedoListener | undefined): void {
    this.#listener = listener;
  }

  /** Records how to undo a write; outside a transaction (seeding, set-up) there is nothing to undo. */
  recordUndo(undo: () => Promise<void>): void {
    this.current?.undo.push(undo);
  }

  /** Records a write's after-image for the redo listener; the last write of a record wins. */
  recordWrite(table: object, id: string, record: object | null): void {
    if (!this.#listener) return;
    const write = { table, id, record };
    if (this.current) {
      // Deleted first so that the record's place is that of its last write (a map keeps insertion order).
      const key = `${id}\u0000${tableKey(table)}`;
      this.current.redo.delete(key);
      this.current.redo.set(key, write);
      return;
    }
    if (this.#loose.push(write) === 1) queueMicrotask(() => this.#handOnLoose());
  }

  /** Runs `effect` once the running transaction commits, or at once outside one. */
  afterCommit(effect: () => void): void {
    if (this.current) this.current.afterCommit.push(effect);
    else effect();
  }

  async #attempt<T>(work: () => Promise<T> | T): Promise<T> {
    this.#handOnLoose();
    const journal: Journal = { undo: [], afterCommit: [], redo: new Map() };
    this.current = journal;
    let outcome: { result: T } | { refusal: unknown };
    try {
      outcome = await worked(work);
      this.#commit(journal);
    } catch (error) {
      this.current = undefined;
      for (const undo of journal.undo.reverse()) await undo();
      throw error;
    }
    if ('refusal' in outcome) throw outcome.refusal;
    return outcome.result;
  }

  #commit(journal: Journal): void {
    this.current = undefined;
    for (const effect of journal.afterCommit) effect();
    // After the effects (an OAuth token is added to the mock by one); an effect that throws
    // undoes the writes below, and then they reach no listener.
    this.#listener?.([...journal.redo.values()]);
  }

  #handOnLoose(): void {
    if (!this.#loose.length) return;
    const writes = this.#loose;
    this.#loose = [];
    this.#listener?.(writes);
  }
}

/** What `work` came to: its result, or the refusal of a RefusalAfterCommit it threw (any other error is thrown on). */
async function worked<T>(work: () => Promise<T> | T): Promise<{ result: T } | { refusal: unknown }> {
  try {
    return { result: await work() };
  } catch (error) {
    if (error instanceof RefusalAfterCommit) return { refusal: error.refusal };
    throw error;
  }
}

// Tables have no names of their own; a stable key per table object tells their writes apart.
const tableKeys = new WeakMap<object, number>();
let lastTableKey = 0;

function tableKey(table: object): number {
  let key = tableKeys.get(table);
  if (key === undefined) tableKeys.set(table, (key = ++lastTableKey));
  return key;
}
