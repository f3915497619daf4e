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
