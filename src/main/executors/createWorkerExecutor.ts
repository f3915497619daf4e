import { Worker } from 'node:worker_threads';
import { LOG_STREAM_FLAG } from '../../shared/protocol/logStreamMessage';
import { createWorkerTransport } from '../transports/createWorkerTransport';
import { createShellExecutor, type ShellExecutor, type ShellPoolOptions } from './createShellExecutor';
import { defaultRunnerEntryPath } from './defaultRunnerEntryPath';

export interface WorkerExecutorOptions extends ShellPoolOptions {
  /** The built runner entry (default: out/main/runner.js of this package). */
  runnerEntryPath?: string;
  /** Sees every worker started (e.g. to watch its resource use, or for tests to stop one). */
  onWorker?: (worker: Worker) => void;
}

/** QuickJS in worker threads of this process: pooled by default, `mode: 'ephemeral'` for one per run. */
export function createWorkerExecutor(options: WorkerExecutorOptions = {}): ShellExecutor {
  const entry = options.runnerEntryPath ?? defaultRunnerEntryPath();
  const logStream = options.logStream ?? true;
  const argv = logStream ? [LOG_STREAM_FLAG] : [];
  return createShellExecutor(
    () => {
      const worker = new Worker(entry, { stdout: false, stderr: false, argv });
      options.onWorker?.(worker);
      return createWorkerTransport(worker);
    },
    { ...options, logStream },
  );
}
