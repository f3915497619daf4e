import { build, type BuildOptions } from 'esbuild';
import { fileURLToPath } from 'node:url';

export const TEST_RUNNER_ENTRY = fileURLToPath(new URL('../test-out/runner.js', import.meta.url));

/** Bundles TypeScript entries into ESM that plain Node starts as fast as the built app (dependencies stay external). */
export async function bundleForNode(
  options: Pick<BuildOptions, 'entryPoints' | 'outfile' | 'outdir'>,
): Promise<void> {
  await build({
    ...options,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
}

/** Bundles the runner entry so worker and process executors can start it under plain Node in tests. */
export async function buildRunnerForTests(): Promise<void> {
  await bundleForNode({
    entryPoints: [fileURLToPath(new URL('../src/runner/runnerEntry.ts', import.meta.url))],
    outfile: TEST_RUNNER_ENTRY,
  });
}
