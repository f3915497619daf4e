import type { ExecuteErrorCode } from '../../shared/errors';

/** Each stable error code as a sentence a user understands. */
export const ERROR_CODE_WORDS: Record<ExecuteErrorCode, string> = {
  timeout: 'The program ran out of time.',
  memory_limit: 'The program used more memory than its limit allows.',
  validation_error: "A tool's input or output did not match its schema.",
  tool_error: 'A tool failed while answering.',
  runtime_error: 'The program threw an error.',
  serialization_error: 'A value could not cross the sandbox boundary (only JSON-like values can).',
  internal_error: 'The sandbox or its connection failed (not your program).',
};
