import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    globalSetup: ['test/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll's 1 s default fails a check that a loaded machine answers a little later.
    expect: { poll: { timeout: 15_000 } },
    pool: 'forks',
    // Vitest's default on 2 cores is one file at a time; most files wait on child processes and sockets.
    maxWorkers: 2,
  },
});
