import type { PausedCall } from '../../shared/api/debug';
import { describeHeldWait, type HeldWaitFacts } from '../../shared/format';
import type { RunView } from './runView';
import { usePlaygroundStore } from './store';

/**
 * The time limit a run has and when it started counting: the one a tapped host sent its runner, from
 * its execute; else the run's (or the workspace's), from the run's start.
 */
export function runLimit(
  run: RunView | undefined,
  workspaceLimitMs: number | undefined,
): { limitMs?: number; from?: number } {
  if (run?.origin?.kind === 'tap') {
    for (const entry of run.entries)
      if (entry.kind === 'message' && entry.message.type === 'execute')
        return { limitMs: entry.message.options.timeoutMs, from: run.seenAt + entry.at };
    return {};
  }
  const limitMs = run?.request?.limits?.timeoutMs ?? workspaceLimitMs;
  return { ...(limitMs !== undefined ? { limitMs } : {}), ...(run ? { from: run.seenAt } : {}) };
}

/** The facts describeHeldWait needs about a held call, from what the page holds of its run. */
export function heldWaitFacts(
  call: PausedCall,
  run: RunView | undefined,
  workspaceLimitMs: number | undefined,
  now: number,
  originName?: string,
): HeldWaitFacts {
  const { limitMs, from } = runLimit(run, workspaceLimitMs);
  return {
    origin: call.origin,
    pausedAt: call.pausedAt,
    runStartedAt: from ?? call.pausedAt,
    now,
    ...(limitMs !== undefined ? { limitMs } : {}),
    ...(originName !== undefined ? { originName } : {}),
  };
}

/** "waiting 12 s" and whose deadline comes when, for a held call at `now`. */
export function useHeldWait(call: PausedCall, now: number, originName?: string) {
  const run = usePlaygroundStore((s) => s.runs[call.runId]);
  const limit = usePlaygroundStore((s) => s.workspace?.runtime.limits.timeoutMs);
  return describeHeldWait(heldWaitFacts(call, run, limit, now, originName));
}
