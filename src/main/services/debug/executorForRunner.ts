import type { ExecutorChoice } from '../../../shared/api/runs';
import type { RunnerRef } from '../../../shared/runnerRef';

/**
 * Where a replay of a transcript recorded on `runner` runs: on that runner again. A command runs
 * once per replay (it starts only if this workspace allowed it: the run is refused, saying so,
 * otherwise); a remote runner gets the token of the workspace's own executor when that is the same URL.
 */
export function executorForRunner(runner: RunnerRef, workspaceExecutor: ExecutorChoice): ExecutorChoice {
  if (runner.kind === 'command')
    return {
      kind: 'command',
      command: runner.command,
      args: runner.args,
      ...(runner.cwd ? { cwd: runner.cwd } : {}),
      mode: 'ephemeral',
    };
  const sameRemote = workspaceExecutor.kind === 'remote' && workspaceExecutor.url === runner.url;
  return sameRemote ? workspaceExecutor : { kind: 'remote', url: runner.url };
}
