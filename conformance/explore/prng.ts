// The explorer's one source of chance: a seeded PRNG (mulberry32, the generator test/fuzz/rng.ts
// also holds; that one lives under test/, which the package does not ship), so that a seed and a
// call count give the same sequence on every machine (`crmkit explore --seed N --calls N`).
export class Prng {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(below: number): number {
    return Math.floor(this.next() * below);
  }

  pick<T>(items: readonly T[]): T {
    if (!items.length) throw new Error('pick from an empty list');
    return items[this.int(items.length)]!;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** A few of `items`, in their order, at least one. */
  some<T>(items: readonly T[]): T[] {
    const chosen = items.filter(() => this.chance(0.4));
    return chosen.length ? chosen : [this.pick(items)];
  }
}
