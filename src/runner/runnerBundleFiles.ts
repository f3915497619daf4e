/** The built runner, beside its start file runner.cjs (see runnerLoader.ts and scripts/bundleRunner.ts). */
export const RUNNER_LOADER_FILE = 'runner.cjs';
export const RUNNER_BUNDLE_FILE = 'runner-bundle.cjs';
export const RUNNER_CODE_CACHE_FILE = 'runner-bundle.cache';
/** Set only by the build (scripts/writeRunnerCodeCache.ts): where the runner writes its code cache at exit. */
export const CODE_CACHE_OUT_ENV = 'EXECBOX_RUNNER_CODE_CACHE_OUT';
/**
 * Guest-code normalization (acorn and normalizeCode) as a second code-cached bundle, loaded on the
 * runner's first normalization rather than at its start (see normalizeGuestCodeFromBundle.ts).
 */
export const NORMALIZER_BUNDLE_FILE = 'runner-normalizer.cjs';
export const NORMALIZER_CODE_CACHE_FILE = 'runner-normalizer.cache';
/** Set only by the build, as CODE_CACHE_OUT_ENV: where the runner writes the normalizer's code cache. */
export const NORMALIZER_CODE_CACHE_OUT_ENV = 'EXECBOX_RUNNER_NORMALIZER_CODE_CACHE_OUT';
/**
 * QuickJS's WebAssembly, copied beside the runner and CLI bundles by the build, which define
 * QUICKJS_WASM_BESIDE_BUNDLE so they read it from there (see quickJsWasm.ts).
 */
export const QUICKJS_WASM_FILE = 'quickjs.wasm';
export const QUICKJS_WASM_BESIDE_BUNDLE = '__EXECBOX_QUICKJS_WASM_BESIDE_BUNDLE__';
