import { build } from 'esbuild';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNNER_BUNDLE_FILE, RUNNER_LOADER_FILE } from '../src/runner/runnerBundleFiles';
import { writeRunnerCodeCache } from './writeRunnerCodeCache';

const source = (relative: string): string =>
  fileURLToPath(new URL(`../src/runner/${relative}`, import.meta.url));

/** esbuild's options for a one-file CommonJS bundle that vm.Script compiles with a code cache. */
export const CODE_CACHED_BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
  // A script compiled by vm.Script has no dynamic import(); QuickJS's glue imports node:module.
  supported: { 'dynamic-import': false },
} as const;

/** One CommonJS file with runner code and QuickJS's glue in it, as the runner bundle is built. */
export async function bundleRunnerScript(entryPoint: string, outfile: string): Promise<void> {
  await build({
    ...CODE_CACHED_BUNDLE_OPTIONS,
    entryPoints: [entryPoint],
    outfile,
    // The runner locates QuickJS's .wasm from its own URL; a CommonJS bundle has __filename instead.
    define: { 'import.meta.url': '__execboxRunnerUrl' },
    banner: { js: 'var __execboxRunnerUrl = require("node:url").pathToFileURL(__filename).href;' },
  });
}

/**
 * The runner as two files in `outDir`: runner.cjs (the start file every shell runs) and
 * runner-bundle.cjs (the runner with everything it imports, QuickJS's glue and acorn included, so a
 * cold start resolves no package and reads no package.json), plus the V8 code cache of the bundle.
 * CommonJS, because only a classic script can be compiled with a code cache on Node 20.
 */
export async function bundleRunner(outDir: string): Promise<void> {
  await Promise.all([
    bundleRunnerScript(source('runnerEntry.ts'), join(outDir, RUNNER_BUNDLE_FILE)),
    build({
      ...CODE_CACHED_BUNDLE_OPTIONS,
      entryPoints: [source('runnerLoader.ts')],
      outfile: join(outDir, RUNNER_LOADER_FILE),
    }),
  ]);
  await writeRunnerCodeCache(outDir);
}
