import { normalizeCode } from '../../../shared/normalizeCode';
import type { NormalizedCode } from '../../../runner/runnerWorkerData';
import { NORMALIZED_CODE_ENV } from '../../../runner/normalizedCodeEnv';

/**
 * The longest code the host normalizes for a runner: normalizing takes about 0.4 ms per KB of dense
 * code (measured on a 2-core EPYC), on the host's thread and on top of the normalization
 * toRunnerCode already did there. Longer code is better normalized by the runner, off that thread.
 */
export const MAX_SEEDED_CODE_LENGTH = 32 * 1024;

/**
 * The longest seed handed over in an environment variable, in UTF-8 bytes: Linux refuses to start
 * a process with one environment string over 128 KiB (E2BIG), name included. Windows allows 32,767
 * characters a variable, so there the bound is MAX_SEED_ENV_CHARS_WINDOWS UTF-16 code units.
 */
export const MAX_SEED_ENV_BYTES = 96 * 1024;
export const MAX_SEED_ENV_CHARS_WINDOWS = 32_000;

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

/**
 * normalizedCodeSeed as the environment of a runner process started for this one execution (read
 * by the runner, see takeNormalizedCodeFromEnv), or undefined when there is no seed or its JSON is
 * too long for an environment variable (the runner then normalizes the code itself).
 */
export function normalizedCodeSeedEnv(
  code: string,
  platform: NodeJS.Platform = process.platform,
): Record<string, string> | undefined {
  const seed = normalizedCodeSeed(code);
  if (seed === undefined) return undefined;
  // JSON escapes what an environment string cannot hold (NUL, lone surrogates) and reads back exactly.
  const json = JSON.stringify(seed);
  const fits =
    platform === 'win32'
      ? json.length <= MAX_SEED_ENV_CHARS_WINDOWS
      : Buffer.byteLength(json, 'utf8') <= MAX_SEED_ENV_BYTES;
  return fits ? { [NORMALIZED_CODE_ENV]: json } : undefined;
}
