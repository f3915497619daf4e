import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

export const TEST_RUNNER_ENTRY = fileURLToPath(new URL('../test-out/runner.js', import.meta.url));

/** Bundles the runner entry so worker and process executors can start it under plain Node in tests. */
export async function buildRunnerForTests(): Promise<void> {
  await build({
    entryPoints: [fileURLToPath(new URL('../src/runner/runnerEntry.ts', import.meta.url))],
    outfile: TEST_RUNNER_ENTRY,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
}
