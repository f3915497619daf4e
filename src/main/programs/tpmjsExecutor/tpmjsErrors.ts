/** The error codes of the TPMJS executor protocol, plus the transport-level ones this server answers with. */
export const TPMJS_TOOL_ERROR_CODES = [
  'PACKAGE_NOT_FOUND',
  'TOOL_NOT_FOUND',
  'TOOL_INVALID',
  'TOOL_EXECUTION_ERROR',
  'EXECUTION_TIMEOUT',
  'INTERNAL_ERROR',
] as const;

export type TpmjsToolErrorCode = (typeof TPMJS_TOOL_ERROR_CODES)[number];

export type TpmjsErrorCode =
  | TpmjsToolErrorCode
  | 'UNAUTHORIZED'
  | 'INVALID_REQUEST'
  | 'REQUEST_TOO_LARGE'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'EXECUTOR_BUSY';

export interface TpmjsErrorBody {
  success: false;
  error: { code: TpmjsErrorCode; message: string };
  executionTimeMs?: number;
}

/** A failure that already knows its protocol code and HTTP status. */
export class TpmjsError extends Error {
  constructor(
    readonly code: TpmjsErrorCode,
    message: string,
    /** Tool-level failures answer 200 with success:false, as the protocol says; internal ones 500. */
    readonly status: number = code === 'INTERNAL_ERROR' ? 500 : 200,
  ) {
    super(message);
    this.name = 'TpmjsError';
  }
}

export function isTpmjsToolErrorCode(value: unknown): value is TpmjsToolErrorCode {
  return typeof value === 'string' && (TPMJS_TOOL_ERROR_CODES as readonly string[]).includes(value);
}
