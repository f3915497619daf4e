import { describeRunnerRef, type RunnerRef } from '../../../shared/runnerRef';
import { splitCommandLine } from '../../../shared/splitCommandLine';
import type { Executor } from '../../engine/core/types';
import { RUNNER_TOKEN_ENV } from '../../engine/transports/runnerServerDefaults';

export const RUNNER_FLAG_USAGE = `--runner "COMMAND ARGS"  run on a runner program that speaks the protocol on stdin/stdout
                          (started without a shell, in this folder); --runner ws://HOST:PORT
                          for a remote runner (token from --token or ${RUNNER_TOKEN_ENV})`;

/**
 * `--runner "python3 runner.py"` or `--runner ws://HOST:PORT`: the runner as the person typed it.
 * The command line is split into words as a POSIX shell would (quotes, escapes), but never run by
 * one: an operator, a glob or a variable is refused, saying so. Throws an Error naming the problem.
 */
export function parseRunnerFlag(text: string, cwd = process.cwd()): RunnerRef {
  const trimmed = text.trim();
  if (/^wss?:\/\//i.test(trimmed)) {
    let url: URL;
    try {
      url = new URL(trimmed);
    } catch {
      throw new Error(`--runner: '${trimmed}' is not a URL; expected ws://HOST:PORT`);
    }
    return { kind: 'remote', url: url.href };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed))
    throw new Error(`--runner: '${trimmed}' is neither a command nor a ws:// or wss:// URL`);
  const words = splitCommandLine(trimmed);
  if (!words.ok) throw new Error(`--runner: ${words.reason}`);
  const { command, args } = words;
  return { kind: 'command', command, args, cwd };
}

/** An executor for one run on `runner` (a fresh process per run, or a connection per run). */
export async function createRunnerExecutor(runner: RunnerRef, token?: string): Promise<Executor> {
  if (runner.kind === 'remote') {
    const { createRemoteExecutor } = await import('../../engine/executors/createRemoteExecutor');
    return createRemoteExecutor({ url: runner.url, ...(token ? { token } : {}) });
  }
  const { createCommandExecutor } = await import('../../engine/executors/createCommandExecutor');
  return createCommandExecutor({
    command: runner.command,
    args: runner.args,
    ...(runner.cwd ? { cwd: runner.cwd } : {}),
    mode: 'ephemeral',
  });
}

/** "runner python3 runner.py (in /work)" / "remote runner ws://…", for a line of output. */
export function describeRunnerForOutput(runner: RunnerRef): string {
  return runner.kind === 'remote'
    ? `remote runner ${runner.url}`
    : `runner ${describeRunnerRef(runner)}${runner.cwd ? ` (in ${runner.cwd})` : ''}`;
}
