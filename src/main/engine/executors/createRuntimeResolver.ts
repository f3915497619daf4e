import type { ExecuteResult } from '../../../shared/executeResult';
import {
  checkRuntimeOptions,
  RUNTIME_OPTION_NAMES,
  resolveRuntimeOptions,
  type ExecutorRuntimeOptions,
} from '../../../shared/runtimeOptions';
import type { ExecutionOptions } from '../core/types';
import { RUNTIME_OPTION_IGNORED_KEYS } from './runtimeOptionKeys';

/** Runtime limits an executor is created with (execbox's shape): the defaults of every run. */
export type ExecutorLimits = Partial<ExecutorRuntimeOptions>;

/** A run's limits, or the answer to a run whose limits are bad. */
export type RunRuntime = { ok: true; runtime: ExecutorRuntimeOptions } | { ok: false; result: ExecuteResult };

/**
 * Checks the limits in an executor's construction options now (a bad one throws
 * RuntimeOptionsError naming it) and returns what each run uses: its own options over those limits
 * over the built-in defaults. A per-call option that is no runtime limit (`pool`, `mode`) is refused.
 * A run's bad option is the caller's mistake, answered as a `validation_error` naming it, never
 * thrown on as an internal error.
 */
export function createRuntimeResolver(
  construction: ExecutorLimits = {},
): (execution: ExecutionOptions) => RunRuntime {
  const given: ExecutorLimits = {};
  for (const name of RUNTIME_OPTION_NAMES) {
    if (construction[name] !== undefined) given[name] = construction[name];
  }
  const defaults = Object.freeze(resolveRuntimeOptions(given));
  return (execution) => {
    const check = checkRuntimeOptions(execution, { ignoreKeys: RUNTIME_OPTION_IGNORED_KEYS, defaults });
    if (check.ok) return { ok: true, runtime: check.options };
    const error = { code: 'validation_error' as const, message: check.reason };
    return { ok: false, result: { ok: false, durationMs: 0, logs: [], error } };
  };
}
