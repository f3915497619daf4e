import type { ExecutorChoice } from '../../../shared/api/runs';
import { describeRunnerRef } from '../../../shared/runnerRef';

/** A short, stable label: the executor cache key and the `run_started` event's executor. */
export function describeExecutorChoice(choice: ExecutorChoice): string {
  if (choice.kind === 'remote') return `remote:${choice.url}`;
  if (choice.kind !== 'command') return `${choice.kind}:${choice.mode}`;
  const where = choice.cwd ? ` (in ${choice.cwd})` : '';
  return `command:${choice.mode}:${describeRunnerRef({ kind: 'command', command: choice.command, args: choice.args ?? [] })}${where}`;
}
