import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { compileRunnerBundle } from './compileRunnerBundle';
import { CODE_CACHE_OUT_ENV } from './runnerBundleFiles';

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
 * its first execution uses. A cache V8 rejects (another Node or Electron version, other V8 flags, a
 * damaged file) costs only the check; the bundle then compiles as usual.
 */
function startRunnerBundle(directory: string): void {
  const { script, filename } = compileRunnerBundle(directory);
  const cacheOut = process.env[CODE_CACHE_OUT_ENV];
  if (cacheOut !== undefined) {
    // At exit, after the build's warm-up executions: the cache then holds every function they compiled.
    process.once('exit', () => writeFileSync(cacheOut, script.createCachedData()));
  }
  const module = { exports: {} };
  const body = script.runInThisContext() as CommonJsBody;
  body(module.exports, createRequire(filename), module, filename, directory);
}

startRunnerBundle(dirname(__filename));
