export interface ExecutorRuntimeOptions {
  timeoutMs: number;
  memoryLimitBytes: number;
  maxLogLines: number;
  maxLogChars: number;
}

export const DEFAULT_RUNTIME_OPTIONS: Readonly<ExecutorRuntimeOptions> = Object.freeze({
  timeoutMs: 5000,
  memoryLimitBytes: 64 * 1024 * 1024,
  maxLogLines: 100,
  maxLogChars: 64_000,
});

export type RuntimeOptionName = keyof ExecutorRuntimeOptions;

export const RUNTIME_OPTION_NAMES: readonly RuntimeOptionName[] = Object.freeze([
  'timeoutMs',
  'memoryLimitBytes',
  'maxLogLines',
  'maxLogChars',
]);

/**
 * Accepted ranges (inclusive integers). memoryLimitBytes: QuickJS needs a few MiB to start, and a
 * WebAssembly memory cannot exceed 4 GiB. maxLogChars: 4 million characters keep a `done` message
 * under the 32 MiB protocol limit even if every character needs a 6-byte JSON escape.
 */
export const RUNTIME_OPTION_RANGES: Readonly<Record<RuntimeOptionName, { min: number; max: number }>> =
  Object.freeze({
    timeoutMs: { min: 1, max: 24 * 60 * 60 * 1000 },
    memoryLimitBytes: { min: 4 * 1024 * 1024, max: 4 * 1024 * 1024 * 1024 },
    maxLogLines: { min: 0, max: 1_000_000 },
    maxLogChars: { min: 0, max: 4_000_000 },
  });

export class RuntimeOptionsError extends Error {
  override readonly name = 'RuntimeOptionsError';
  constructor(
    message: string,
    /** The offending option name, when one option is to blame. */
    readonly option?: string,
  ) {
    super(message);
  }
}

export interface ResolveRuntimeOptionsSettings {
  /** Keys that may be present but are not runtime options, e.g. `signal` and `hooks` of ExecutionOptions. */
  ignoreKeys?: readonly string[];
  /** Require every option to be present instead of filling defaults (used for `execute` messages). */
  requireAll?: boolean;
  /** What an absent option gets (default DEFAULT_RUNTIME_OPTIONS), e.g. an executor's own limits. */
  defaults?: Readonly<ExecutorRuntimeOptions>;
}

export type RuntimeOptionsCheck =
  { ok: true; options: ExecutorRuntimeOptions } | { ok: false; reason: string; option?: string };

function formatValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

/**
 * What is wrong with `value` as the runtime option `name` (`must be an integer from 1 to 86400000
 * (got -5)`), or undefined: the one check of a limit wherever it enters (run requests, workspace
 * files, command lines, the settings form, the runner), each naming the field its own way.
 */
export function runtimeOptionProblem(name: RuntimeOptionName, value: unknown): string | undefined {
  const { min, max } = RUNTIME_OPTION_RANGES[name];
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return undefined;
  return `must be an integer from ${min} to ${max} (got ${formatValue(value)})`;
}

/** Non-throwing form of {@link resolveRuntimeOptions}. */
export function checkRuntimeOptions(
  input?: unknown,
  settings: ResolveRuntimeOptionsSettings = {},
): RuntimeOptionsCheck {
  if (input === undefined || input === null) {
    return settings.requireAll
      ? { ok: false, reason: 'runtime options are required' }
      : { ok: true, options: { ...(settings.defaults ?? DEFAULT_RUNTIME_OPTIONS) } };
  }
  if (typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, reason: `runtime options must be an object (got ${formatValue(input)})` };
  }
  const options: ExecutorRuntimeOptions = { ...(settings.defaults ?? DEFAULT_RUNTIME_OPTIONS) };
  try {
    for (const key of Object.keys(input)) {
      if (settings.ignoreKeys?.includes(key)) continue;
      if (!(RUNTIME_OPTION_NAMES as readonly string[]).includes(key)) {
        return {
          ok: false,
          option: key,
          reason: `unknown runtime option ${JSON.stringify(key)} (expected one of ${RUNTIME_OPTION_NAMES.join(', ')})`,
        };
      }
    }
    for (const name of RUNTIME_OPTION_NAMES) {
      const descriptor = Object.getOwnPropertyDescriptor(input, name);
      if (descriptor && !('value' in descriptor)) {
        return { ok: false, option: name, reason: `${name} must be a plain value, not an accessor` };
      }
      const value: unknown = descriptor?.value;
      if (value === undefined) {
        if (settings.requireAll) return { ok: false, option: name, reason: `${name} is required` };
        continue;
      }
      const problem = runtimeOptionProblem(name, value);
      if (problem) return { ok: false, option: name, reason: `${name} ${problem}` };
      options[name] = value as number;
    }
  } catch (error) {
    return {
      ok: false,
      reason: `runtime options could not be read: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  return { ok: true, options };
}

/**
 * Fills defaults (5000 ms, 64 MiB, 100 lines, 64,000 chars) for absent or `undefined` options and
 * validates the rest. Throws {@link RuntimeOptionsError} naming the option and the bad value, e.g.
 * `timeoutMs must be an integer from 1 to 86400000 (got -5)`, also for unknown option names.
 */
export function resolveRuntimeOptions(
  input?: unknown,
  settings?: ResolveRuntimeOptionsSettings,
): ExecutorRuntimeOptions {
  const check = checkRuntimeOptions(input, settings);
  if (!check.ok) throw new RuntimeOptionsError(check.reason, check.option);
  return check.options;
}
