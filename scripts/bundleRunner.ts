import { build, type Plugin } from 'esbuild';
import { copyFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  NORMALIZER_BUNDLE_FILE,
  QUICKJS_WASM_BESIDE_BUNDLE,
  QUICKJS_WASM_FILE,
  RUNNER_BUNDLE_FILE,
  RUNNER_LOADER_FILE,
} from '../src/runner/runnerBundleFiles';
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

/**
 * The runner bundle normalizes guest code with the normalizer bundle, loaded on first use
 * (normalizeGuestCodeFromBundle.ts), instead of the parser imported (normalizeGuestCode.ts).
 */
const normalizerFromBundle: Plugin = {
  name: 'execbox-normalizer-from-bundle',
  setup(runner) {
    runner.onResolve({ filter: /\/normalizeGuestCode$/ }, (args) =>
      join(args.resolveDir, args.path) === source('normalizeGuestCode')
        ? { path: source('normalizeGuestCodeFromBundle.ts') }
        : undefined,
    );
  },
};

/**
 * acorn does nothing when it is imported: a bundle that uses none of its exports leaves it out (the
 * runner bundle imports CodeSyntaxError from the module that imports acorn, and nothing else there).
 */
const acornWithoutSideEffects: Plugin = {
  name: 'execbox-acorn-without-side-effects',
  setup(bundle) {
    bundle.onResolve({ filter: /^acorn$/ }, async (args) => {
      if (args.pluginData === acornWithoutSideEffects) return undefined;
      const resolved = await bundle.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: acornWithoutSideEffects,
      });
      return resolved.errors.length > 0 ? undefined : { ...resolved, sideEffects: false };
    });
  },
};

/**
 * Copies QuickJS's WebAssembly beside a bundle and returns the esbuild `define` that makes the
 * bundle read it from there (see quickJsWasm.ts) instead of resolving the package at run time.
 */
export async function quickJsWasmBeside(outfile: string): Promise<Record<string, string>> {
  const wasm = createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm');
  // Called before esbuild, which would create the folder only when it writes the bundle.
  await mkdir(dirname(outfile), { recursive: true });
  await copyFile(wasm, join(dirname(outfile), QUICKJS_WASM_FILE));
  return { [QUICKJS_WASM_BESIDE_BUNDLE]: 'true' };
}

/** One CommonJS file with runner code and QuickJS's glue in it, as the runner bundle is built. */
export async function bundleRunnerScript(entryPoint: string, outfile: string): Promise<void> {
  await build({
    ...CODE_CACHED_BUNDLE_OPTIONS,
    entryPoints: [entryPoint],
    outfile,
    plugins: [normalizerFromBundle, acornWithoutSideEffects],
    // The runner locates QuickJS's .wasm from its own URL; a CommonJS bundle has __filename instead.
    define: { 'import.meta.url': '__execboxRunnerUrl', ...(await quickJsWasmBeside(outfile)) },
    banner: { js: 'var __execboxRunnerUrl = require("node:url").pathToFileURL(__filename).href;' },
  });
}

/**
 * The runner as three files in `outDir`: runner.cjs (the start file every shell runs),
 * runner-bundle.cjs (the runner with everything it imports, QuickJS's glue included, so a cold
 * start resolves no package and reads no package.json) and runner-normalizer.cjs (guest-code
 * normalization with acorn, which the runner loads on its first normalization), plus the V8 code
 * caches of both bundles. CommonJS, because only a classic script can be compiled with a code cache
 * on Node 20.
 */
export async function bundleRunner(outDir: string): Promise<void> {
  await Promise.all([
    bundleRunnerScript(source('runnerEntry.ts'), join(outDir, RUNNER_BUNDLE_FILE)),
    build({
      ...CODE_CACHED_BUNDLE_OPTIONS,
      entryPoints: [source('normalizerBundleEntry.ts')],
      outfile: join(outDir, NORMALIZER_BUNDLE_FILE),
    }),
    build({
      ...CODE_CACHED_BUNDLE_OPTIONS,
      entryPoints: [source('runnerLoader.ts')],
      outfile: join(outDir, RUNNER_LOADER_FILE),
    }),
  ]);
  await writeRunnerCodeCache(outDir);
}
