/**
 * The environment variable in which a host hands a runner process started for one execution its
 * code normalized (JSON of NormalizedCode, see normalizedCodeSeedEnv): the process counterpart of
 * RunnerWorkerData.normalizedCode.
 */
export const NORMALIZED_CODE_ENV = 'EXECBOX_RUNNER_NORMALIZED_CODE';

/**
 * Takes the seed out of `env`: its parsed JSON (for seedNormalizedCode, which checks it), or
 * undefined when there is none or it is not JSON. The variable is deleted, so nothing the runner
 * might start inherits it.
 */
export function takeNormalizedCodeFromEnv(env: NodeJS.ProcessEnv = process.env): unknown {
  const json = env[NORMALIZED_CODE_ENV];
  if (json === undefined) return undefined;
  delete env[NORMALIZED_CODE_ENV];
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}
