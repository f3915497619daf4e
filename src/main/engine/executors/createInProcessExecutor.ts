import type { ExecuteResult } from '../../../shared/executeResult';
import type { ExecutionOptions, Executor, ResolvedToolProvider } from '../core/types';
import { attachRunnerEndpoint } from '../../../runner/attachRunnerEndpoint';
import { createInMemoryTransportPair } from '../transports/createInMemoryTransportPair';
import { runHostSession } from './runHostSession';
import { createRuntimeResolver, type ExecutorLimits } from './createRuntimeResolver';

export interface InProcessExecutorOptions extends ExecutorLimits {
  cancelGraceMs?: number;
  /** Runner-side reports about ignored host messages (default: dropped). */
  onRunnerDiagnostic?: (message: string) => void;
  /** Stream console output while code runs (default true; both ends are ours). */
  logStream?: boolean;
}

/**
 * Runs the runner endpoint and the host session in this process over an in-memory transport, so
 * every protocol message is still observable. For tests and the CLI only: a guest CPU loop blocks
 * this thread until the deadline, so it must never run on Electron's main thread.
 */
export function createInProcessExecutor(options: InProcessExecutorOptions = {}): Executor {
  const runtimeFor = createRuntimeResolver(options);
  return {
    async execute(
      code: string,
      providers: ResolvedToolProvider[],
      execution: ExecutionOptions = {},
    ): Promise<ExecuteResult> {
      const runtime = runtimeFor(execution);
      const pair = createInMemoryTransportPair();
      let probe = (): boolean => false;
      const endpoint = attachRunnerEndpoint(pair.runner, {
        interruptProbe: () => probe(),
        onDiagnostic: options.onRunnerDiagnostic ?? (() => {}),
        logStream: options.logStream ?? true,
        inProcessHost: true,
      });
      try {
        return await runHostSession({
          transport: pair.host,
          code,
          providers,
          runtime,
          signal: execution.signal,
          hooks: execution.hooks,
          cancelGraceMs: options.cancelGraceMs,
          // Only the runner endpoint attached above writes to this pair, and it sends typed messages.
          runnerMessagesTrusted: true,
          logStream: options.logStream ?? true,
          onInterruptProbe: (next) => {
            probe = next;
          },
        });
      } finally {
        endpoint.detach();
      }
    },
    async dispose() {},
  };
}
