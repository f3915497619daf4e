import {
  RUNTIME_OPTION_NAMES,
  resolveRuntimeOptions,
  type ExecutorRuntimeOptions,
} from '../../../shared/runtimeOptions';
import type { ExecutionOptions } from '../core/types';
import { RUNTIME_OPTION_IGNORED_KEYS } from './runtimeOptionKeys';

/** Runtime limits an executor is created with (execbox's shape): the defaults of every run. */
export type ExecutorLimits = Partial<ExecutorRuntimeOptions>;

/**
 * Checks the limits in an executor's construction options now (a bad one throws
 * RuntimeOptionsError naming it) and returns what each run uses: its own options over those limits
 * over the built-in defaults. A per-call option that is no runtime limit (`pool`, `mode`) is refused.
 */
export function createRuntimeResolver(
  construction: ExecutorLimits = {},
): (execution: ExecutionOptions) => ExecutorRuntimeOptions {
  const given: ExecutorLimits = {};
  for (const name of RUNTIME_OPTION_NAMES) {
    if (construction[name] !== undefined) given[name] = construction[name];
  }
  const defaults = Object.freeze(resolveRuntimeOptions(given));
  return (execution) =>
    resolveRuntimeOptions(execution, { ignoreKeys: RUNTIME_OPTION_IGNORED_KEYS, defaults });
}
