import path from 'node:path';
import type { ExecutorChoice } from '../../../shared/api/runs';
import type { RunnerRef } from '../../../shared/runnerRef';

/**
 * The runner a run on `choice` records (in its run_started event, so in its saved header), for a
 * replay to run on again: a command with its folder made absolute against the workspace's, or a
 * remote runner's URL. This app's own runners record none.
 */
export function runnerRefOf(choice: ExecutorChoice, workspaceDir?: string): RunnerRef | undefined {
  if (choice.kind === 'remote') return { kind: 'remote', url: choice.url };
  if (choice.kind !== 'command') return undefined;
  const cwd = workspaceDir ? path.resolve(workspaceDir, choice.cwd ?? '.') : choice.cwd;
  return { kind: 'command', command: choice.command, args: choice.args ?? [], ...(cwd ? { cwd } : {}) };
}
