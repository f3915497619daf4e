import type { ExecuteErrorCode } from '../../shared/errors';
import { ExecboxToolError, type ToolFailureFacts } from '../engine/core/ExecboxToolError';

/** A tool failure with a chosen stable code (resolveProvider keeps the code instead of `tool_error`). */
export function toolError(code: ExecuteErrorCode, message: string, facts?: ToolFailureFacts): Error {
  return new ExecboxToolError(code, message, facts);
}
