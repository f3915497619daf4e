import { Worker, type ResourceLimits } from 'node:worker_threads';
import { compiledQuickJsWasmNow } from '../../../runner/quickJsWasm';
import type { RunnerWorkerData } from '../../../runner/runnerWorkerData';
import { LOG_STREAM_FLAG } from '../../../shared/protocol/logStreamMessage';
import { createWorkerTransport } from '../transports/createWorkerTransport';
import { createShellExecutor, type ShellExecutor, type ShellPoolOptions } from './createShellExecutor';
import { defaultRunnerEntryPath } from './defaultRunnerEntryPath';
import { normalizedCodeSeed } from './normalizedCodeSeed';

export interface WorkerExecutorOptions extends ShellPoolOptions {
  /** The built runner entry (default: out/main/runner.cjs of this package). */
  runnerEntryPath?: string;
  /** Sees every worker started (e.g. to watch its resource use, or for tests to stop one). */
  onWorker?: (worker: Worker) => void;
  /** V8 heap and stack limits of each worker (execbox's option): a backstop behind QuickJS's own. */
  workerResourceLimits?: Pick<
    ResourceLimits,
    'maxOldGenerationSizeMb' | 'maxYoungGenerationSizeMb' | 'stackSizeMb'
  >;
}

/** QuickJS in worker threads of this process: pooled by default, `mode: 'ephemeral'` for one per run. */
export function createWorkerExecutor(options: WorkerExecutorOptions = {}): ShellExecutor {
  const entry = options.runnerEntryPath ?? defaultRunnerEntryPath();
  const logStream = options.logStream ?? true;
  const argv = logStream ? [LOG_STREAM_FLAG] : [];
  compiledQuickJsWasmNow();
  return createShellExecutor(
    (code) => {
      const workerData: RunnerWorkerData = {
        // The module this process compiled, compiled code and all: a worker handed it compiles
        // nothing. While this process keeps it, the functions one worker compiled are compiled for
        // the next.
        quickJsWasm: compiledQuickJsWasmNow(),
        // A worker started for one execution gets its code normalized: it never loads the parser.
        normalizedCode: code === undefined ? undefined : normalizedCodeSeed(code),
      };
      // execArgv: [] as for a forked runner: the host's own Node options (an --import preload, a
      // loader such as tsx) are not the runner's, and would slow every worker's start.
      const worker = new Worker(entry, {
        stdout: false,
        stderr: false,
        argv,
        execArgv: [],
        workerData,
        ...(options.workerResourceLimits ? { resourceLimits: { ...options.workerResourceLimits } } : {}),
      });
      options.onWorker?.(worker);
      return createWorkerTransport(worker);
    },
    { ...options, logStream },
  );
}
