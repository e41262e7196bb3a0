// A workspace's clock. It follows real time by default; tests freeze it, set it, or move it
// forward. Work scheduled on it (snooze wake-ups, webhook retries, token expiry) runs in time
// order once its time comes: when the clock is moved past it, or, while the clock follows real
// time, when a real timer fires. Times are milliseconds since the epoch.
export type ScheduledWork = () => void | Promise<void>;

type Entry = { atMs: number; order: number; work: ScheduledWork };

export class VirtualClock {
  #offsetMs = 0;
  #frozenAtMs: number | undefined;
  #due: Entry[] = [];
  #scheduled = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<void> = Promise.resolve();
  #outstanding = new Set<Promise<unknown>>();

  readonly #realNow: () => number;

  constructor(realNow: () => number = Date.now) {
    this.#realNow = realNow;
  }

  now(): number {
    return this.#frozenAtMs ?? this.#realNow() + this.#offsetMs;
  }

  isoNow(): string {
    return new Date(this.now()).toISOString();
  }

  get frozen(): boolean {
    return this.#frozenAtMs !== undefined;
  }

  /** How many pieces of work wait for their time. */
  get pending(): number {
    return this.#due.length;
  }

  /** Runs `work` at `atMs` (right away, at the next move or tick, when that time has passed). */
  schedule(atMs: number, work: ScheduledWork): void {
    this.#due.push({ atMs, order: this.#scheduled++, work });
    this.#due.sort((a, b) => a.atMs - b.atMs || a.order - b.order);
    this.#armTimer();
  }

  async freeze(frozen: boolean): Promise<void> {
    if (frozen && this.#frozenAtMs === undefined) this.#frozenAtMs = this.now();
    if (!frozen && this.#frozenAtMs !== undefined) {
      this.#offsetMs = this.#frozenAtMs - this.#realNow();
      this.#frozenAtMs = undefined;
    }
    await this.runDue();
  }

  /**
   * Work that scheduled work started and left to finish on its own while the clock follows real
   * time (an attempt out to a slow receiver): an explicit move (set, advance) waits for it first,
   * so that what it schedules (the attempt's retry) is on the clock before the clock moves past it.
   */
  finishBeforeMoves(work: Promise<unknown>): void {
    this.#outstanding.add(work);
    void work.finally(() => this.#outstanding.delete(work)).catch(() => {});
  }

  /**
   * Moves to `atMs`, running what falls due on the way, each at its own time. On a clock that
   * follows real time too, each step's work that goes on by itself (an attempt out to a receiver)
   * is waited for before the next step, so that what it schedules within the move (the attempt's
   * retry) runs in the same move, as on a frozen clock (issue 24: a 25-hour move on a following
   * clock gave 3 attempts where a frozen one gave the schedule's 9).
   */
  async set(atMs: number): Promise<void> {
    await this.#settle();
    await this.#moveWhenFree(() => atMs, { settleEachStep: true });
  }

  async advance(ms: number): Promise<void> {
    await this.#settle();
    await this.#moveWhenFree(() => this.now() + ms, { settleEachStep: true });
  }

  async #settle(): Promise<void> {
    while (this.#outstanding.size) await Promise.allSettled([...this.#outstanding]);
  }

  /** Runs what is due now without moving the clock (a following clock keeps following). */
  async runDue(): Promise<void> {
    await this.#moveWhenFree(() => this.now(), { back: false });
  }

  /**
   * The target is read when the move's turn comes, not when it is asked for: due work that asks
   * for `runDue()` while an advance is under way must not, once its turn comes, put the clock
   * back to the time that work ran at.
   */
  async #moveWhenFree(target: () => number, { back = true, settleEachStep = false } = {}): Promise<void> {
    await this.#exclusive(async () => {
      const atMs = target();
      for (let next = this.#due[0]; next && next.atMs <= atMs; next = this.#due[0]) {
        if (next.atMs > this.now()) this.#moveTo(next.atMs);
        await this.#runFirst();
        // A real timer's run (runDue) leaves such work going: a slow receiver must not hold the rest.
        if (settleEachStep) await this.#settle();
      }
      // While work ran, a clock that follows real time went on: only an explicit set goes back.
      if (back || atMs > this.now()) this.#moveTo(atMs);
    });
    this.#armTimer();
  }

  /** Stops the real timer; scheduled work stays and runs on the next move. */
  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #moveTo(atMs: number): void {
    if (this.#frozenAtMs !== undefined) this.#frozenAtMs = atMs;
    else this.#offsetMs = atMs - this.#realNow();
  }

  async #runFirst(): Promise<void> {
    const entry = this.#due.shift()!;
    try {
      await entry.work();
    } catch (error) {
      console.error('[crmkit] scheduled work failed', error);
    }
  }

  /** Moves and runs one at a time: two overlapping advances must not run the same work twice. */
  #exclusive(task: () => Promise<void>): Promise<void> {
    const run = this.#running.then(task);
    this.#running = run.catch(() => {});
    return run;
  }

  /** While the clock follows real time, a real timer wakes it for the earliest work. */
  #armTimer(): void {
    this.stop();
    const first = this.#due[0];
    if (!first || this.frozen) return;
    const delay = Math.max(0, Math.min(first.atMs - this.now(), 2 ** 31 - 1));
    this.#timer = setTimeout(() => void this.runDue(), delay);
    (this.#timer as { unref?: () => void }).unref?.();
  }
}
