import type { ExecutorChoice } from '../../../shared/api/runs';

/** A short, stable label: the executor cache key and the `run_started` event's executor. */
export function describeExecutorChoice(choice: ExecutorChoice): string {
  return choice.kind === 'remote' ? `remote:${choice.url}` : `${choice.kind}:${choice.mode}`;
}
