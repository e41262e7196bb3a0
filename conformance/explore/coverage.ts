// What the sequence has sent so far, counted by a key of the caller's (an operation and its
// variant, a filter and its value): a choice among candidates takes one of those sent least, so
// that a thousand steps reach every route and every filter value the moves can make rather than
// the few a uniform draw favours (a second workspace's delete of a tag, `status=closed`).
import type { Prng } from './prng.ts';

export class Coverage {
  readonly #counts = new Map<string, number>();
  readonly #prng: Prng;

  constructor(prng: Prng) {
    this.#prng = prng;
  }

  /** One of the candidates whose key was chosen least often (ties drawn), counted as chosen. */
  least<T>(candidates: readonly T[], keyOf: (candidate: T) => string): T {
    const count = (candidate: T) => this.#counts.get(keyOf(candidate)) ?? 0;
    const fewest = Math.min(...candidates.map(count));
    const chosen = this.#prng.pick(candidates.filter((candidate) => count(candidate) === fewest));
    this.#counts.set(keyOf(chosen), fewest + 1);
    return chosen;
  }
}
