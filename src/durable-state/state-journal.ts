// The redo journal of `crmkit mock --state FILE`: nothing answered is lost, whatever stops the
// process (kill -9, a closed terminal, a crash).
//
// - Every committed transaction of a workspace (store/transactions.ts) appends one entry: the
//   after-image of each record it wrote, and the parts of the workspace outside its tables that
//   changed (workspace-head.ts: settings, clock, record numbers, members, keys, tokens).
// - What changes outside a transaction is caught after each control API request that may write:
//   a workspace created or replaced whole (an entry with its snapshot), one gone (`deleted`), and
//   head parts changed (clock moves, settings, keys: an empty transaction's commit compares them).
//   Work the clock runs (webhook attempts, wake-ups) commits transactions like a request does.
// - Group commit: entries are written and fdatasync'd in batches, and the server holds every
//   answer until the batch holding all entries made before it is on the disk. A crash loses only
//   changes whose answers were never sent; a slow disk delays every answer of a batch together.
// - Compaction (at start, every `compactEvery` entries, at a clean stop): each workspace's
//   snapshot is written to a temporary file, fsync'd and renamed over FILE, which records the
//   last entry it includes; only then is the journal cut down to the entries after that one.
//   Entries are after-images, so replaying one the snapshot already holds changes nothing.
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import type { MockState } from '../mock-state.ts';
import type { Write } from '../store/transactions.ts';
import { snapshotOf, tablesOf } from '../workspaces/snapshot.ts';
import type { Workspace } from '../workspaces/workspace.ts';
import { journalPathOf, syncFolder, writeDurably, writeStateFile } from './state-file.ts';
import { journalLine, type JournalEntry, type JournalWrite } from './state-journal-format.ts';
import { changedHead, writtenHead } from './workspace-head.ts';

export type StateJournalOptions = {
  /** The last sequence number the loaded file and journal used. */
  lastSeq: number;
  /** Entries between compactions. */
  compactEvery?: number;
  /** The journal cannot be written: answers waiting for it must never be sent. */
  onFatal: (error: unknown) => void;
};

/** A workspace the journal follows: its tables' names and the head parts last written. */
type Followed = { workspace: Workspace; tableNames: Map<object, string>; written: ReturnType<typeof writtenHead> };

type Pending = { seq: number; line: string };

export const DEFAULT_COMPACT_EVERY = 10_000;

export class StateJournal {
  readonly #state: MockState;
  readonly #path: string;
  readonly #journalPath: string;
  readonly #options: StateJournalOptions;
  readonly #followed = new Map<string, Followed>();
  #handle: FileHandle | undefined;
  #seq: number;
  #durableSeq: number;
  #pending: Pending[] = [];
  #waiters: { seq: number; resolve: () => void }[] = [];
  #flushQueued = false;
  /** Writes to the journal file, one at a time: batches, and the journal's replacement after a compaction. */
  #serial: Promise<void> = Promise.resolve();
  #sinceCompaction = 0;
  /** The last compaction asked for, and the one waiting for it to end (asking again joins that one). */
  #lastCompaction: Promise<void> = Promise.resolve();
  #waitingCompaction: Promise<void> | undefined;
  /** While a compaction runs: the lines written after the last entry its snapshot is sure to hold. */
  #tail: { afterSeq: number; lines: string[] } | undefined;
  #failed = false;

  constructor(state: MockState, path: string, options: StateJournalOptions) {
    this.#state = state;
    this.#path = path;
    this.#journalPath = journalPathOf(path);
    this.#options = options;
    this.#seq = this.#durableSeq = options.lastSeq;
  }

  /** Follows every workspace of the mock and compacts: FILE holds them all, the journal nothing. */
  async start(): Promise<void> {
    for (const workspace of this.#state.workspaces.values()) this.#follow(workspace);
    await this.compact();
  }

  /** Resolves once every entry appended so far is on the disk: then an answer may be sent. */
  durable(): Promise<void> {
    if (this.#durableSeq >= this.#seq) return Promise.resolve();
    return new Promise((resolve) => {
      this.#waiters.push({ seq: this.#seq, resolve });
      this.#scheduleFlush();
    });
  }

  /** After a control API request that may write: workspaces created, replaced or gone, and changed heads. */
  async catchUp(): Promise<void> {
    for (const [id, followed] of this.#followed) {
      const current = this.#state.workspaces.get(id);
      if (current === followed.workspace) continue;
      this.#unfollow(followed);
      if (!current) this.#append({ ws: id, deleted: true });
    }
    for (const workspace of [...this.#state.workspaces.values()]) {
      // In the workspace's turn: no request is half done. Its commit compares the head (#committed).
      await workspace.transactions.run(() => {
        if (this.#followed.get(workspace.id)?.workspace === workspace || this.#state.workspaces.get(workspace.id) !== workspace) return;
        this.#follow(workspace);
        this.#append({ ws: workspace.id, snapshot: snapshotOf(this.#state, workspace) });
      });
    }
  }

  /** Writes FILE anew from the workspaces and cuts the journal down to what came after; after the compaction under way, if any. */
  compact(): Promise<void> {
    if (this.#waitingCompaction) return this.#waitingCompaction;
    const compaction = this.#lastCompaction.then(() => {
      this.#waitingCompaction = undefined;
      return this.#failed ? undefined : this.#compactNow().catch((error: unknown) => this.#fail(error));
    });
    this.#waitingCompaction = this.#lastCompaction = compaction;
    return compaction;
  }

  /** Resolves once the compactions asked for have ended and every entry so far is on the disk. */
  async settled(): Promise<void> {
    await this.#lastCompaction;
    await this.durable();
  }

  /** A clean stop: everything into FILE, and no journal left beside it; false when that failed. */
  async close(): Promise<boolean> {
    await this.catchUp();
    for (const followed of [...this.#followed.values()]) this.#unfollow(followed);
    await this.compact();
    // Followed no more, so the compaction's snapshots hold every entry: the journal says nothing more.
    await this.#inTurn(async () => {
      await this.#handle?.close();
      this.#handle = undefined;
      await unlink(this.#journalPath);
      await syncFolder(this.#journalPath);
    });
    return !this.#failed;
  }

  #follow(workspace: Workspace): void {
    const tableNames = new Map(tablesOf(workspace).map(([name, table]) => [table as object, name]));
    const followed: Followed = { workspace, tableNames, written: writtenHead(this.#state, workspace) };
    this.#followed.set(workspace.id, followed);
    workspace.transactions.listen((writes) => this.#committed(followed, writes));
  }

  #unfollow(followed: Followed): void {
    followed.workspace.transactions.listen(undefined);
    if (this.#followed.get(followed.workspace.id) === followed) this.#followed.delete(followed.workspace.id);
  }

  #committed(followed: Followed, writes: Write[]): void {
    const { workspace } = followed;
    if (this.#state.workspaces.get(workspace.id) !== workspace) return;
    const entry: Omit<JournalEntry, 'seq'> = { ws: workspace.id };
    if (writes.length)
      entry.writes = writes.map(({ table, id, record }) => [followed.tableNames.get(table) ?? '?', id, record] as JournalWrite);
    const head = changedHead(this.#state, workspace, followed.written);
    if (head) entry.head = head;
    if (entry.writes || entry.head) this.#append(entry);
  }

  #append(entry: Omit<JournalEntry, 'seq'>): void {
    if (this.#failed) return;
    const seq = ++this.#seq;
    this.#pending.push({ seq, line: journalLine({ seq, ...entry }) });
    this.#scheduleFlush();
    if (++this.#sinceCompaction >= (this.#options.compactEvery ?? DEFAULT_COMPACT_EVERY)) {
      this.#sinceCompaction = 0;
      void this.compact();
    }
  }

  /** Entries of the same turn of the event loop go in one batch, and one fdatasync. */
  #scheduleFlush(): void {
    if (this.#flushQueued) return;
    this.#flushQueued = true;
    setImmediate(() => {
      this.#flushQueued = false;
      void this.#inTurn(() => this.#flush());
    });
  }

  async #flush(): Promise<void> {
    if (!this.#pending.length || !this.#handle) return;
    const batch = this.#pending.splice(0);
    await this.#handle.write(batch.map((pending) => pending.line).join(''));
    await this.#handle.datasync();
    if (this.#tail) for (const { seq, line } of batch) if (seq > this.#tail.afterSeq) this.#tail.lines.push(line);
    this.#markDurable(batch.at(-1)!.seq);
  }

  #markDurable(seq: number): void {
    if (seq <= this.#durableSeq) return;
    this.#durableSeq = seq;
    const ready = this.#waiters.filter((waiter) => waiter.seq <= seq);
    this.#waiters = this.#waiters.filter((waiter) => waiter.seq > seq);
    for (const waiter of ready) waiter.resolve();
  }

  async #compactNow(): Promise<void> {
    // Every entry up to here is in the snapshots taken below, which come later.
    const afterSeq = this.#seq;
    this.#tail = { afterSeq, lines: [] };
    const workspaces: string[] = [];
    for (const workspace of [...this.#state.workspaces.values()]) {
      // Serialized at once, in the workspace's turn: records are the tables' own objects.
      workspaces.push(await workspace.transactions.run(() => JSON.stringify(snapshotOf(this.#state, workspace))));
    }
    await writeStateFile(this.#path, workspaces, afterSeq);
    // Entries up to afterSeq are on the disk now, in FILE, whether or not a batch wrote them yet.
    this.#markDurable(afterSeq);
    await this.#inTurn(async () => {
      const lines = this.#tail!.lines;
      this.#tail = undefined;
      const temporary = `${this.#journalPath}.${process.pid}.tmp`;
      await writeDurably(temporary, lines);
      await this.#handle?.close();
      await rename(temporary, this.#journalPath);
      await syncFolder(this.#journalPath);
      this.#handle = await open(this.#journalPath, 'a', 0o600);
      await this.#flush();
    });
  }

  /** Runs `task` after the journal's earlier writes; a failure stops the journal for good. */
  #inTurn(task: () => Promise<void>): Promise<void> {
    const run = this.#serial.then(() => (this.#failed ? undefined : task()));
    this.#serial = run.catch((error: unknown) => this.#fail(error));
    return this.#serial;
  }

  #fail(error: unknown): void {
    if (this.#failed) return;
    this.#failed = true;
    this.#options.onFatal(error);
  }
}
