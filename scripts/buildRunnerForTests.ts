import { build, type BuildOptions } from 'esbuild';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNNER_LOADER_FILE } from '../src/runner/runnerBundleFiles';
import { bundleRunner } from './bundleRunner';

const TEST_OUT = fileURLToPath(new URL('../test-out', import.meta.url));
export const TEST_RUNNER_ENTRY = join(TEST_OUT, RUNNER_LOADER_FILE);

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

/** Builds the runner as the app build does, so worker and process executors start it under plain Node in tests. */
export async function buildRunnerForTests(): Promise<void> {
  await bundleRunner(TEST_OUT);
}
