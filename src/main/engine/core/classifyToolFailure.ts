import type { ExecuteError } from '../../../shared/errors';
import { isExecuteErrorCode } from '../../../shared/errors';
import { ExecboxToolError } from './ExecboxToolError';

function messageOf(thrown: unknown): string {
  try {
    if (thrown instanceof Error) return thrown.message || thrown.name;
    return String(thrown);
  } catch {
    return 'tool threw a value that cannot be described';
  }
}

/**
 * The stable error for a value a host tool threw: an aborted execution is `timeout` whatever was
 * thrown, an {@link ExecboxToolError} keeps its code, anything else is `tool_error`. The message is
 * the thrown text itself; the runner names the tool beside it (ExecuteError.tool).
 */
export function classifyToolFailure(thrown: unknown, signal: AbortSignal, label: string): ExecuteError {
  if (signal.aborted) return { code: 'timeout', message: `${label} was cancelled: the execution ended` };
  if (thrown instanceof ExecboxToolError && isExecuteErrorCode(thrown.code)) {
    return { code: thrown.code, message: thrown.message };
  }
  return { code: 'tool_error', message: messageOf(thrown) };
}
