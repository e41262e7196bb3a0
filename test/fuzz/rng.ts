// A seeded random source (mulberry32): the same seed gives the same cases, so a failure found by
// a long run is replayed with its seed and case number.
export type Rng = {
  next(): number;
  int(max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  text(length: number, alphabet?: string): string;
};

const WORD = 'abcdefghijklmnopqrstuvwxyz0123456789';

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return {
    next,
    int,
    pick: (items) => items[int(items.length)]!,
    chance: (p) => next() < p,
    text: (length, alphabet = WORD) => Array.from({ length }, () => alphabet[int(alphabet.length)]).join(''),
  };
}

/** The seed of case `index` of a run: each case draws from its own stream, whatever ran before it. */
export function caseSeed(runSeed: number, index: number): number {
  return (Math.imul(runSeed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(index + 1, 0xc2b2ae35)) >>> 0;
}
