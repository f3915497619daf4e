import { normalizeCode } from '../../shared/normalizeCode';
import type { NormalizedCode } from '../../runner/runnerWorkerData';

/**
 * The code with the body a runner would normalize it to (the same normalizeCode), for a runner
 * started for this one execution: it then needs no parser. Undefined for code that does not
 * normalize: the runner reads it itself and reports the error as always.
 */
export function normalizedCodeSeed(code: string): NormalizedCode | undefined {
  try {
    return { code, body: normalizeCode(code) };
  } catch {
    return undefined;
  }
}
