import { normalizeCode } from '../../shared/normalizeCode';
import type { NormalizedCode } from '../../runner/runnerWorkerData';

/**
 * The longest code the host normalizes for a runner: normalizing takes about 0.4 ms per KB of dense
 * code (measured on a 2-core EPYC), on the host's thread and on top of the normalization
 * toRunnerCode already did there. Longer code is better normalized by the runner, off that thread.
 */
export const MAX_SEEDED_CODE_LENGTH = 32 * 1024;

/**
 * The code with the body a runner would normalize it to (the same normalizeCode), for a runner
 * started for this one execution: it then needs no parser. Undefined for code that does not
 * normalize (the runner reads it itself and reports the error as always) and for long code.
 */
export function normalizedCodeSeed(code: string): NormalizedCode | undefined {
  if (code.length > MAX_SEEDED_CODE_LENGTH) return undefined;
  try {
    return { code, body: normalizeCode(code) };
  } catch {
    return undefined;
  }
}
