import type { ExecuteErrorCode } from '../../../shared/errors';
import { toolError } from '../toolError';

const VALIDATION_CODES = new Set([
  'VALIDATION_ERROR',
  'INVALID_PARAMS',
  'INVALID_INPUT',
  'INVALID_REQUEST',
  'BAD_REQUEST',
]);

/** The upstream error code and message from either error shape seen in the wild. */
export function readTpmjsError(body: Record<string, unknown>): { code?: string; message?: string } {
  const error = body.error;
  if (error !== null && typeof error === 'object') {
    const { code, message } = error as Record<string, unknown>;
    return {
      code: typeof code === 'string' ? code : undefined,
      message: typeof message === 'string' ? message : undefined,
    };
  }
  return {
    code: typeof body.errorCode === 'string' ? body.errorCode : undefined,
    message: typeof error === 'string' ? error : undefined,
  };
}

function stableCode(upstream: string | undefined, httpStatus: number): ExecuteErrorCode {
  if (upstream === 'EXECUTION_TIMEOUT') return 'timeout';
  if ((upstream && VALIDATION_CODES.has(upstream)) || httpStatus === 400) return 'validation_error';
  return 'tool_error';
}

/** A failed /execute-tool answer as an execbox error with a stable code. */
export function tpmjsFailure(body: Record<string, unknown>, httpStatus: number, tool: string): Error {
  const { code, message } = readTpmjsError(body);
  const status = httpStatus === 200 ? '' : ` (HTTP ${httpStatus})`;
  const text = `TPMJS ${tool} failed${status}: ${code ?? 'ERROR'}: ${message ?? 'no message'}`;
  return toolError(stableCode(code, httpStatus), text);
}
