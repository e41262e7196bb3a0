import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongFilesFirst } from './test/support/long-files-first.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts', 'conformance/**/*.test.ts', 'scenarios/**/*.test.ts'],
    // A limit only stops a hang: a test waits for events, never for the clock, so the limit is
    // far above what a test takes on a quiet machine, and a machine with a load of 15 on 2 cores
    // (issue 24: a second `npm test` beside the first) still passes. Per-test limits above it are
    // for the few that wait on real work (installs, builds, a whole suite against a stand-in).
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // expect.poll waits for an event (a delivery, a write) as long as the other waits: its default
    // of one second is a wall-clock limit a loaded machine exceeds (issue 24, item 6).
    expect: { poll: { timeout: 60_000 } },
    // vitest's default is one worker fewer than the cores: a single one on the 2-core CI machine,
    // where a whole run measured 520 s of CPU in 1,516 s (the files wait far more than they
    // compute: deliveries, a stand-in's real-time clock, child processes, npm installs). Three
    // files at once share that waiting; a machine with more cores keeps vitest's default.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    sequence: { sequencer: LongFilesFirst },
  },
});
