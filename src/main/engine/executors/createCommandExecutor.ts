import type { HostToRunnerMessage } from '../../../shared/protocol/messages';
import type { Transport } from '../../../shared/transport';
import { spawnStdioRunner } from '../transports/spawnStdioRunner';
import { createShellExecutor, type ShellExecutor, type ShellPoolOptions } from './createShellExecutor';

export interface CommandExecutorOptions extends Omit<ShellPoolOptions, 'logStream' | 'warmUpRuns'> {
  /** The runner program and its arguments (`python3`, `['runner.py']`), started without a shell. */
  command: string;
  args?: readonly string[];
  /** The folder it starts in (default: this process's). */
  cwd?: string;
  /** Sees the runners' stderr as it comes (each runner's close reason quotes its last lines anyway). */
  onStderr?: (text: string) => void;
  /** Sees each runner started (for tests to stop one, as the worker executor's onWorker). */
  onRunner?: (runner: Transport<HostToRunnerMessage>) => void;
}

/**
 * Guest code on any runner that speaks the protocol as JSON lines on stdin/stdout, in any
 * language: the same host session, pool, cancel grace and hard kill as this project's own runners.
 * Pooled shells only start before their first run: a foreign runner gets no warm-up program, and
 * is never asked for this project's log stream (its logs come with `done`, as the protocol says).
 */
export function createCommandExecutor(options: CommandExecutorOptions): ShellExecutor {
  const { command, args, cwd, onStderr, onRunner, ...pool } = options;
  return createShellExecutor(
    () => {
      const runner = spawnStdioRunner({
        command,
        ...(args ? { args } : {}),
        ...(cwd ? { cwd } : {}),
        ...(onStderr ? { onStderr } : {}),
      });
      onRunner?.(runner);
      return runner;
    },
    { ...pool, logStream: false, warmUpRuns: 0 },
  );
}
