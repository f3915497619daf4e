import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { CODE_CACHE_OUT_ENV, RUNNER_BUNDLE_FILE, RUNNER_CODE_CACHE_FILE } from './runnerBundleFiles';

type CommonJsBody = (
  exports: object,
  require: NodeJS.Require,
  module: { exports: object },
  filename: string,
  dirname: string,
) => void;

/**
 * The runner's start file (built as runner.cjs): compiles the one-file runner bundle beside it with
 * the V8 code cache the build produced, so a cold runner neither parses nor compiles the functions
 * its first execution uses. A cache V8 rejects (another Node or Electron version, other V8 flags)
 * costs only the check; the bundle then compiles as usual.
 */
function startRunnerBundle(directory: string): void {
  const filename = join(directory, RUNNER_BUNDLE_FILE);
  const cacheFile = join(directory, RUNNER_CODE_CACHE_FILE);
  const cacheOut = process.env[CODE_CACHE_OUT_ENV];
  const cachedData = cacheOut === undefined && existsSync(cacheFile) ? readFileSync(cacheFile) : undefined;
  const source = `(function (exports, require, module, __filename, __dirname) {${readFileSync(filename, 'utf8')}\n})`;
  const script = new Script(source, { filename, cachedData });
  if (cacheOut !== undefined) {
    // At exit, after the build's warm-up executions: the cache then holds every function they compiled.
    process.once('exit', () => writeFileSync(cacheOut, script.createCachedData()));
  }
  const module = { exports: {} };
  (script.runInThisContext() as CommonJsBody)(
    module.exports,
    createRequire(filename),
    module,
    filename,
    directory,
  );
}

startRunnerBundle(dirname(__filename));
