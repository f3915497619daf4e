import type { ExecuteResult } from '../../../shared/executeResult';
import type { HostToRunnerMessage } from '../../../shared/protocol/messages';
import type { Transport } from '../../../shared/transport';
import type { ExecutionOptions, Executor, ResolvedToolProvider } from '../core/types';
import { createRuntimeResolver, type ExecutorLimits } from './createRuntimeResolver';
import { runHostSession } from './runHostSession';
import { connectRunnerSocket } from '../transports/connectRunnerSocket';

export interface RemoteExecutorOptions extends ExecutorLimits {
  /** ws:// or wss:// address of a runner (`execbox runner --listen`). */
  url: string;
  /** The token, or how to read it for each execution (e.g. from a secret the user may change). */
  token?: string | (() => Promise<string | undefined>);
  /** How long a runner may take to answer cancel before the socket is closed. */
  cancelGraceMs?: number;
  connectTimeoutMs?: number;
  maxMessageBytes?: number;
}

const failure = (code: 'timeout' | 'internal_error', message: string): ExecuteResult => ({
  ok: false,
  durationMs: 0,
  logs: [],
  error: { code, message },
});

/**
 * Runs each execution on a remote runner over its own WebSocket, through the same host session as
 * the local executors: cancel, grace and hard stop (closing the socket); a connection that drops
 * before `done` is an internal_error.
 */
export function createRemoteExecutor(options: RemoteExecutorOptions): Executor {
  const runtimeFor = createRuntimeResolver(options);
  const open = new Set<Transport<HostToRunnerMessage>>();

  return {
    async execute(code: string, providers: ResolvedToolProvider[], execution: ExecutionOptions = {}) {
      const runtime = runtimeFor(execution);
      if (execution.signal?.aborted) return failure('timeout', 'Execution was cancelled before it started');
      let transport: Transport<HostToRunnerMessage>;
      try {
        const token = typeof options.token === 'function' ? await options.token() : options.token;
        transport = await connectRunnerSocket(options.url, {
          ...(token ? { token } : {}),
          ...(options.maxMessageBytes ? { maxMessageBytes: options.maxMessageBytes } : {}),
          connectTimeoutMs: options.connectTimeoutMs ?? Math.min(10_000, runtime.timeoutMs),
          ...(execution.signal ? { signal: execution.signal } : {}),
        });
      } catch (error) {
        if (execution.signal?.aborted) return failure('timeout', 'Execution was cancelled while connecting');
        return failure('internal_error', error instanceof Error ? error.message : String(error));
      }
      open.add(transport);
      try {
        return await runHostSession({
          transport,
          code,
          providers,
          runtime,
          signal: execution.signal,
          hooks: execution.hooks,
          cancelGraceMs: options.cancelGraceMs,
        });
      } finally {
        open.delete(transport);
      }
    },
    async dispose() {
      for (const transport of open) transport.terminate();
      open.clear();
    },
  };
}
