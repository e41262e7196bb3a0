// The fastest of a few runs of something, in ms: the run least disturbed by other work on a shared
// machine. The bench (bench/largest-bodies.ts) and the bounded-cost tests (test/mock/bounded-validation.test.ts) time with it.

/** The fastest of `runs` runs, in ms; with `warmUp`, after one untimed run (validators compile on first use). */
export async function fastest(run: () => Promise<unknown> | unknown, runs: number, { warmUp = false } = {}): Promise<number> {
  if (warmUp) await run();
  let best = Infinity;
  for (let attempt = 0; attempt < runs; attempt += 1) {
    const started = performance.now();
    await run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}
