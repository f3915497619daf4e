/** The built runner, beside its start file runner.cjs (see runnerLoader.ts and scripts/bundleRunner.ts). */
export const RUNNER_LOADER_FILE = 'runner.cjs';
export const RUNNER_BUNDLE_FILE = 'runner-bundle.cjs';
export const RUNNER_CODE_CACHE_FILE = 'runner-bundle.cache';
/** Set only by the build (scripts/writeRunnerCodeCache.ts): where the runner writes its code cache at exit. */
export const CODE_CACHE_OUT_ENV = 'EXECBOX_RUNNER_CODE_CACHE_OUT';
