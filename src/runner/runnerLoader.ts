import { dirname } from 'node:path';
import { loadCodeCachedBundle } from './compileBundleWithCodeCache';
import { CODE_CACHE_OUT_ENV, RUNNER_BUNDLE_FILE, RUNNER_CODE_CACHE_FILE } from './runnerBundleFiles';

/**
 * The runner's start file (built as runner.cjs): runs the one-file runner bundle beside it with the
 * V8 code cache the build produced, so a cold runner neither parses nor compiles the functions its
 * first execution uses.
 */
loadCodeCachedBundle(dirname(__filename), {
  bundleFile: RUNNER_BUNDLE_FILE,
  cacheFile: RUNNER_CODE_CACHE_FILE,
  cacheOutEnv: CODE_CACHE_OUT_ENV,
});
