import type { ExecuteResult } from '../../../shared/executeResult';
import type { HostToRunnerMessage } from '../../../shared/protocol/messages';
import { resolveRuntimeOptions } from '../../../shared/runtimeOptions';
import { createRuntimeResolver, type ExecutorLimits } from './createRuntimeResolver';
import { resolvePoolSettings, type ExecutorPoolOptions } from './resolvePoolSettings';
import type { Transport } from '../../../shared/transport';
import type { ExecutionOptions, Executor, ResolvedToolProvider } from '../core/types';
import { createResourcePool, DEFAULT_MAX_SIZE, PoolAcquireAbortedError } from './createResourcePool';
import { WARM_UP_CODE, WARM_UP_RUNS } from './warmUpCode';
import { warmUpProviders } from './warmUpRun';
import { runHostSession, runHostSessionDetailed } from './runHostSession';

export interface ShellPoolOptions extends ExecutorLimits {
  /** `pooled` (default) keeps shells warm between executions; `ephemeral` starts one per execution. */
  mode?: 'pooled' | 'ephemeral';
  minSize?: number;
  maxSize?: number;
  idleTimeoutMs?: number;
  /** The pool settings in execbox's shape, instead of minSize, maxSize and idleTimeoutMs. */
  pool?: ExecutorPoolOptions;
  cancelGraceMs?: number;
  /**
   * Ask the runners for the log stream (console output while code runs): the spawner starts them
   * with the flag and the host sessions accept the batches. Default true for our own runners.
   */
  logStream?: boolean;
  /**
   * Real executions a prewarmed shell runs before its first one (default WARM_UP_RUNS); 0 only
   * starts it (a runner of someone else's making is not given this project's warm-up program).
   */
  warmUpRuns?: number;
}

export interface ShellExecutor extends Executor {
  /** Starts shells up to `count` (default minSize) and runs a real no-op execution on each. */
  prewarm(count?: number): Promise<void>;
}

interface Shell {
  transport: Transport<HostToRunnerMessage>;
  alive(): boolean;
}

function toShell(transport: Transport<HostToRunnerMessage>): Shell {
  let open = true;
  transport.onClose(() => {
    open = false;
  });
  return { transport, alive: () => open };
}

/** A session always disposes its transport; a pooled shell outlives the session, so lend it without dispose. */
function borrow(transport: Transport<HostToRunnerMessage>): Transport<HostToRunnerMessage> {
  return { ...transport, dispose: () => {} };
}

function failure(code: 'timeout' | 'internal_error', message: string): ExecuteResult {
  return { ok: false, durationMs: 0, logs: [], error: { code, message } };
}

/**
 * Starts a runner shell. An ephemeral executor passes the code of the one execution the shell is
 * started for (a spawner may prepare the runner for it); a pooled shell is started without.
 */
export type SpawnShell = (code?: string) => Transport<HostToRunnerMessage>;

/**
 * The worker and process executors: the same host session over a runner shell started by
 * `spawnShell`, pooled (evicting shells after timeout or internal_error) or ephemeral.
 */
export function createShellExecutor(spawnShell: SpawnShell, options: ShellPoolOptions = {}): ShellExecutor {
  const runtimeFor = createRuntimeResolver(options);
  const sizes = resolvePoolSettings(options);
  const pool = createResourcePool<Shell>({
    create: async () => toShell(spawnShell()),
    destroy: (shell) => shell.transport.terminate(),
    isAlive: (shell) => shell.alive(),
    minSize: sizes.minSize,
    maxSize: sizes.maxSize,
    idleTimeoutMs: sizes.idleTimeoutMs,
  });

  const warm = async (shell: Shell): Promise<boolean> => {
    for (let run = 0; run < (options.warmUpRuns ?? WARM_UP_RUNS); run++) {
      const result = await runHostSession({
        transport: borrow(shell.transport),
        code: WARM_UP_CODE,
        providers: warmUpProviders(),
        runtime: resolveRuntimeOptions({ timeoutMs: 30_000 }),
        logStream: options.logStream === true,
      });
      if (!result.ok) return false;
    }
    return true;
  };

  const executor: ShellExecutor = {
    async execute(code: string, providers: ResolvedToolProvider[], execution: ExecutionOptions = {}) {
      const runtime = runtimeFor(execution);
      const session = {
        code,
        providers,
        runtime,
        signal: execution.signal,
        hooks: execution.hooks,
        cancelGraceMs: options.cancelGraceMs,
        logStream: options.logStream === true,
      };
      if (options.mode === 'ephemeral') {
        let transport: Transport<HostToRunnerMessage>;
        try {
          transport = spawnShell(code);
        } catch (error) {
          return failure(
            'internal_error',
            `could not start a runner: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
        return runHostSession({ ...session, transport });
      }
      // A pooled shell can die while idle, and several can die at once before their close is seen:
      // an execution a shell never acknowledged is retried, each retry evicting the dead shell, so
      // maxSize + 1 attempts always reach a freshly started one.
      const attempts = Math.max(1, sizes.maxSize ?? DEFAULT_MAX_SIZE) + 1;
      for (let attempt = 1; ; attempt++) {
        let lease;
        try {
          lease = await pool.acquire(execution.signal);
        } catch (error) {
          if (error instanceof PoolAcquireAbortedError) {
            return failure('timeout', 'Execution was cancelled before a runner was free');
          }
          const reason = error instanceof Error ? error.message : String(error);
          return failure('internal_error', `could not start a runner: ${reason}`);
        }
        const outcome = await runHostSessionDetailed({
          ...session,
          transport: borrow(lease.resource.transport),
        });
        const errorCode = outcome.result.ok ? undefined : outcome.result.error.code;
        const reusable =
          !outcome.transportLost &&
          errorCode !== 'timeout' &&
          errorCode !== 'internal_error' &&
          lease.resource.alive();
        if (reusable) lease.release();
        else lease.evict();
        if (
          outcome.transportLost &&
          !outcome.runnerStarted &&
          attempt < attempts &&
          !execution.signal?.aborted
        )
          continue;
        return outcome.result;
      }
    },
    // An ephemeral executor starts a shell per run: there is nothing to keep ready.
    prewarm: async (count) =>
      options.mode === 'ephemeral' ? undefined : pool.prewarm(count ?? sizes.minSize ?? 1, warm),
    dispose: () => pool.dispose(),
  };
  // pool.prewarm asks for shells now; one that fails to start is started again by the first run.
  if (sizes.prewarm > 0) executor.prewarm(sizes.prewarm).catch(() => {});
  return executor;
}
