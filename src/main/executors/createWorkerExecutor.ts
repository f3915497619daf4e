import { Worker } from 'node:worker_threads';
import { createWorkerTransport } from '../transports/createWorkerTransport';
import { createShellExecutor, type ShellExecutor, type ShellPoolOptions } from './createShellExecutor';
import { defaultRunnerEntryPath } from './defaultRunnerEntryPath';

export interface WorkerExecutorOptions extends ShellPoolOptions {
  /** The built runner entry (default: out/main/runner.js of this package). */
  runnerEntryPath?: string;
}

/** QuickJS in worker threads of this process: pooled by default, `mode: 'ephemeral'` for one per run. */
export function createWorkerExecutor(options: WorkerExecutorOptions = {}): ShellExecutor {
  const entry = options.runnerEntryPath ?? defaultRunnerEntryPath();
  return createShellExecutor(
    () => createWorkerTransport(new Worker(entry, { stdout: false, stderr: false })),
    options,
  );
}
