export const EXECUTE_ERROR_CODES = [
  'timeout',
  'memory_limit',
  'validation_error',
  'tool_error',
  'runtime_error',
  'serialization_error',
  'internal_error',
] as const;

export type ExecuteErrorCode = (typeof EXECUTE_ERROR_CODES)[number];

export interface ExecuteError {
  code: ExecuteErrorCode;
  message: string;
}

export function isExecuteErrorCode(value: unknown): value is ExecuteErrorCode {
  return typeof value === 'string' && (EXECUTE_ERROR_CODES as readonly string[]).includes(value);
}
