import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Script } from 'node:vm';

export interface CodeCachedBundle {
  /** The bundle's file name, beside its start file. */
  bundleFile: string;
  /** Its V8 code cache, written by the build. */
  cacheFile: string;
  /** Set only while the build's own run writes the cache: that run starts without one. */
  cacheOutEnv: string;
}

/**
 * A one-file CommonJS bundle as a module body, compiled with the build's code cache when there is
 * one, so a cold start neither parses nor compiles the functions its first use needs. A cache V8
 * rejects (another Node or Electron version, other V8 flags, a damaged file) costs only the check.
 */
export function compileBundleWithCodeCache(
  directory: string,
  bundle: CodeCachedBundle,
): { script: Script; filename: string } {
  const filename = join(directory, bundle.bundleFile);
  const cacheFile = join(directory, bundle.cacheFile);
  const useCache = process.env[bundle.cacheOutEnv] === undefined && existsSync(cacheFile);
  const source = `(function (exports, require, module, __filename, __dirname) {${readFileSync(filename, 'utf8')}\n})`;
  return {
    script: new Script(source, { filename, cachedData: useCache ? readFileSync(cacheFile) : undefined }),
    filename,
  };
}

type CommonJsBody = (
  exports: object,
  require: NodeJS.Require,
  module: { exports: object },
  filename: string,
  dirname: string,
) => void;

/**
 * Runs a code-cached bundle (see compileBundleWithCodeCache) as a CommonJS module and returns its
 * exports. In the build's own run (cacheOutEnv set to a path) the cache is written at exit, after
 * that run's work: it then holds every function the run compiled.
 */
export function loadCodeCachedBundle(directory: string, bundle: CodeCachedBundle): unknown {
  const { script, filename } = compileBundleWithCodeCache(directory, bundle);
  const cacheOut = process.env[bundle.cacheOutEnv];
  if (cacheOut !== undefined) process.once('exit', () => writeFileSync(cacheOut, script.createCachedData()));
  const module = { exports: {} };
  const body = script.runInThisContext() as CommonJsBody;
  body(module.exports, createRequire(filename), module, filename, directory);
  return module.exports;
}
