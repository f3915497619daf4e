import type { ExecuteErrorCode } from '../../../shared/errors';

/** What a provider knows about its failure beyond the code: host-only, never sent to the runner. */
export interface ToolFailureFacts {
  /** The call reached the tool's or provider's own limit (an MCP request timeout), in ms. */
  limitMs?: number;
}

/**
 * Thrown by host tools and providers to choose a stable error code (e.g. `timeout` for an upstream
 * deadline). Any other thrown value becomes `tool_error`.
 */
export class ExecboxToolError extends Error {
  override readonly name = 'ExecboxToolError';
  constructor(
    readonly code: ExecuteErrorCode,
    message: string,
    readonly facts?: ToolFailureFacts,
  ) {
    super(message);
  }
}
