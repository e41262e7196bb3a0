// A workspace's clock (issue: virtual clocks). It follows real time by default; tests freeze
// it, set it, or move it forward. Times are milliseconds since the epoch.
export class VirtualClock {
  #offsetMs = 0;
  #frozenAtMs: number | undefined;

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

  freeze(frozen: boolean): void {
    if (frozen && this.#frozenAtMs === undefined) this.#frozenAtMs = this.now();
    if (!frozen && this.#frozenAtMs !== undefined) {
      this.#offsetMs = this.#frozenAtMs - this.#realNow();
      this.#frozenAtMs = undefined;
    }
  }

  set(atMs: number): void {
    if (this.#frozenAtMs !== undefined) this.#frozenAtMs = atMs;
    else this.#offsetMs = atMs - this.#realNow();
  }

  advance(ms: number): void {
    this.set(this.now() + ms);
  }
}
