import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts', 'conformance/**/*.test.ts', 'scenarios/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
