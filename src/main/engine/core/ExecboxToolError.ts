import type { ExecuteErrorCode } from '../../../shared/errors';

/**
 * Thrown by host tools and providers to choose a stable error code (e.g. `timeout` for an upstream
 * deadline). Any other thrown value becomes `tool_error`.
 */
export class ExecboxToolError extends Error {
  override readonly name = 'ExecboxToolError';
  constructor(
    readonly code: ExecuteErrorCode,
    message: string,
  ) {
    super(message);
  }
}
