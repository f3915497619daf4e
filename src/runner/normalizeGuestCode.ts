import { normalizeCode } from '../shared/normalizeCode';

/**
 * Guest code to the function body the runner compiles (normalizeCode), with the parser imported.
 * The runner bundle has normalizeGuestCodeFromBundle.ts in this module's place (see
 * scripts/bundleRunner.ts), which loads the parser on first use; everything else that runs the
 * runner's code (tests from source, the in-process executor, the CLI bundle) uses this one.
 */
export function normalizeGuestCode(code: string): string {
  return normalizeCode(code);
}

/** Makes normalizeGuestCode ready to run without loading anything: here it always is. */
export function loadGuestCodeNormalizer(): void {}
