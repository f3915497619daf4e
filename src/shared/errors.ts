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

/**
 * What went wrong: `code` and `message` are the protocol's required fields. `message` is the text
 * thrown or provided (a guest's `new Error("x")` gives `x`, a tool that throws `boom` gives `boom`);
 * the optional fields carry what a person reads beside it, and a host that knows only `code` and
 * `message` may ignore them. Compose the text for a person with describeExecuteError.
 */
export interface ExecuteError {
  code: ExecuteErrorCode;
  message: string;
  /** The thrown error's name (`TypeError`, `SyntaxError`, …) when the guest threw an Error. */
  name?: string;
  /** 1-based line in the guest's code where the error was thrown or the syntax broke. */
  line?: number;
  /** 1-based column, alongside `line`, where it is known (syntax errors). */
  column?: number;
  /** The guest-visible tool (`provider.tool`) whose call failed. */
  tool?: string;
}

/** The optional fields of {@link ExecuteError}, in the order they are written. */
export const EXECUTE_ERROR_DETAIL_KEYS = ['name', 'line', 'column', 'tool'] as const;

export function isExecuteErrorCode(value: unknown): value is ExecuteErrorCode {
  return typeof value === 'string' && (EXECUTE_ERROR_CODES as readonly string[]).includes(value);
}
