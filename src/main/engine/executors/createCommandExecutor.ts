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
}

/**
 * Guest code on any runner that speaks the protocol as JSON lines on stdin/stdout, in any
 * language: the same host session, pool, cancel grace and hard kill as this project's own runners.
 * Pooled shells only start before their first run: a foreign runner gets no warm-up program, and
 * is never asked for this project's log stream (its logs come with `done`, as the protocol says).
 */
export function createCommandExecutor(options: CommandExecutorOptions): ShellExecutor {
  const { command, args, cwd, onStderr, ...pool } = options;
  return createShellExecutor(
    () =>
      spawnStdioRunner({
        command,
        ...(args ? { args } : {}),
        ...(cwd ? { cwd } : {}),
        ...(onStderr ? { onStderr } : {}),
      }),
    { ...pool, logStream: false, warmUpRuns: 0 },
  );
}
