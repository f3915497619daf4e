import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodeSyntaxError } from '../shared/normalizeCode';
import { loadCodeCachedBundle } from './compileBundleWithCodeCache';
import {
  NORMALIZER_BUNDLE_FILE,
  NORMALIZER_CODE_CACHE_FILE,
  NORMALIZER_CODE_CACHE_OUT_ENV,
} from './runnerBundleFiles';

/** What the normalizer bundle (normalizerBundleEntry.ts) exports. */
interface NormalizerBundle {
  normalizeCode(code: string): string;
  CodeSyntaxError: typeof CodeSyntaxError;
}

let normalizer: NormalizerBundle | undefined;

/**
 * Loads the normalizer bundle beside the runner bundle (acorn is 57% of the runner's code, and a
 * cold runner whose host normalized its code already never needs it), with its code cache. Once
 * per thread; a failed load is tried again on the next call.
 */
function normalizerBundle(): NormalizerBundle {
  normalizer ??= loadCodeCachedBundle(dirname(fileURLToPath(import.meta.url)), {
    bundleFile: NORMALIZER_BUNDLE_FILE,
    cacheFile: NORMALIZER_CODE_CACHE_FILE,
    cacheOutEnv: NORMALIZER_CODE_CACHE_OUT_ENV,
  }) as NormalizerBundle;
  return normalizer;
}

/** Loads the normalizer bundle now (a runner about to set V8 flags, which would reject its cache). */
export function loadGuestCodeNormalizer(): void {
  normalizerBundle();
}

/**
 * normalizeGuestCode.ts as the runner bundle has it: normalizeCode from the normalizer bundle,
 * loaded on first use. Its syntax errors are this bundle's CodeSyntaxError, as the runner expects.
 */
export function normalizeGuestCode(code: string): string {
  const bundle = normalizerBundle();
  try {
    return bundle.normalizeCode(code);
  } catch (error) {
    if (error instanceof bundle.CodeSyntaxError) {
      throw new CodeSyntaxError(error.reason, error.line, error.column);
    }
    throw error;
  }
}
