import type { ExecuteResult } from '../../../shared/executeResult';
import { checkRuntimeOptions, type ExecutorRuntimeOptions } from '../../../shared/runtimeOptions';
import type { ExecutionOptions } from '../core/types';
import { RUNTIME_OPTION_IGNORED_KEYS } from './runtimeOptionKeys';

export type ExecutionRuntime =
  { ok: true; runtime: ExecutorRuntimeOptions } | { ok: false; result: ExecuteResult };

/**
 * An execution's runtime options, checked where they enter an executor: a bad one is the caller's
 * mistake, answered as a `validation_error` naming the option, never thrown on as an internal error.
 */
export function checkExecutionRuntime(execution: ExecutionOptions): ExecutionRuntime {
  const check = checkRuntimeOptions(execution, { ignoreKeys: RUNTIME_OPTION_IGNORED_KEYS });
  if (check.ok) return { ok: true, runtime: check.options };
  return {
    ok: false,
    result: {
      ok: false,
      durationMs: 0,
      logs: [],
      error: { code: 'validation_error', message: check.reason },
    },
  };
}
