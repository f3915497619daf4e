import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { CODE_CACHE_OUT_ENV, RUNNER_BUNDLE_FILE, RUNNER_CODE_CACHE_FILE } from './runnerBundleFiles';

/** The bundle as a CommonJS module body, compiled with the build's code cache when there is one. */
export function compileRunnerBundle(directory: string): { script: Script; filename: string } {
  const filename = join(directory, RUNNER_BUNDLE_FILE);
  const cacheFile = join(directory, RUNNER_CODE_CACHE_FILE);
  // The build's own run, which writes the cache, starts without one.
  const useCache = process.env[CODE_CACHE_OUT_ENV] === undefined && existsSync(cacheFile);
  const source = `(function (exports, require, module, __filename, __dirname) {${readFileSync(filename, 'utf8')}\n})`;
  return {
    script: new Script(source, { filename, cachedData: useCache ? readFileSync(cacheFile) : undefined }),
    filename,
  };
}
