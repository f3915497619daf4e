/** Passed by a host that starts a runner process for exactly one execution (the ephemeral mode). */
export const SINGLE_USE_FLAG = '--single-use';

/**
 * V8 flags for a runner process that runs one execution and exits: QuickJS's WebAssembly stays on
 * V8's baseline compiler. The optimizing tier would compile QuickJS's interpreter in background
 * threads that compete with the one execution for the CPU and pay off only in a long-lived runner
 * (measured in a fresh process: `return 1` answered 4-16 ms sooner, a 3-million-iteration loop ran
 * in 230 ms instead of 440-540 ms; a pooled runner's loop is 30% faster with it, so pooled keep it).
 *
 * Never for a worker thread (flags are per process: they would change the host's, whose hash a
 * worker's code cache must match), and never while the build writes the code cache, for the same
 * reason. Set before QuickJS's module is compiled, after the bundle was read with its code cache.
 */
export function singleUseV8Flags(
  argv: readonly string[],
  inWorker: boolean,
  writingCodeCache: boolean,
): string[] {
  return argv.includes(SINGLE_USE_FLAG) && !inWorker && !writingCodeCache ? ['--liftoff-only'] : [];
}

/** Sets singleUseV8Flags' flags; node:v8 (1.5-6 ms for a cold process to load) is loaded only then. */
export function applySingleUseV8Flags(
  argv: readonly string[],
  inWorker: boolean,
  writingCodeCache: boolean,
): void {
  for (const flag of singleUseV8Flags(argv, inWorker, writingCodeCache))
    process.getBuiltinModule('node:v8').setFlagsFromString(flag);
}
