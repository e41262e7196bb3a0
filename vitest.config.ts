import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongFilesFirst } from './test/support/long-files-first.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts', 'conformance/**/*.test.ts', 'scenarios/**/*.test.ts'],
    testTimeout: 20_000,
    // vitest's default is one worker fewer than the cores: a single one on the 2-core CI machine,
    // where a whole run measured 520 s of CPU in 1,516 s (the files wait far more than they
    // compute: deliveries, a stand-in's real-time clock, child processes, npm installs). Three
    // files at once share that waiting; a machine with more cores keeps vitest's default.
    maxWorkers: Math.max(3, availableParallelism() - 1),
    sequence: { sequencer: LongFilesFirst },
  },
});
