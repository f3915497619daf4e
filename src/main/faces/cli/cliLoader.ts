import { dirname } from 'node:path';
import { loadCodeCachedBundle } from '../../../runner/compileBundleWithCodeCache';
import { CLI_BUNDLE_FILE, CLI_CODE_CACHE_FILE, CLI_CODE_CACHE_OUT_ENV } from './cliBundleFiles';

const bundle = loadCodeCachedBundle(dirname(__filename), {
  bundleFile: CLI_BUNDLE_FILE,
  cacheFile: CLI_CODE_CACHE_FILE,
  cacheOutEnv: CLI_CODE_CACHE_OUT_ENV,
}) as { main(argv: string[]): Promise<number> };

/**
 * The CLI's `main`, from one CommonJS bundle compiled with the build's V8 code cache (built as
 * execbox-cli.cjs): Node 20 loads the ES module graph of cli.js (about 30 files) in ~30 ms, which
 * was a third of `execbox run`'s start-up.
 */
export const main = bundle.main;
