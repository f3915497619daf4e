import type { Script } from 'node:vm';
import { compileBundleWithCodeCache } from './compileBundleWithCodeCache';
import { CODE_CACHE_OUT_ENV, RUNNER_BUNDLE_FILE, RUNNER_CODE_CACHE_FILE } from './runnerBundleFiles';

/** The runner bundle compiled as runner.cjs compiles it (for tests of its code cache). */
export function compileRunnerBundle(directory: string): { script: Script; filename: string } {
  return compileBundleWithCodeCache(directory, {
    bundleFile: RUNNER_BUNDLE_FILE,
    cacheFile: RUNNER_CODE_CACHE_FILE,
    cacheOutEnv: CODE_CACHE_OUT_ENV,
  });
}
