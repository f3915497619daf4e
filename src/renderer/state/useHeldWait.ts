import type { PausedCall } from '../../shared/api/debug';
import { describeHeldWait, type HeldWaitFacts } from '../../shared/format';
import type { RunView } from './runView';
import { usePlaygroundStore } from './store';

/** The time limit a run has: the one a tapped host sent its runner, else the run's (or the workspace's). */
export function runLimitMs(
  run: RunView | undefined,
  workspaceLimitMs: number | undefined,
): number | undefined {
  if (run?.origin?.kind === 'tap') {
    for (const entry of run.entries)
      if (entry.kind === 'message' && entry.message.type === 'execute')
        return entry.message.options.timeoutMs;
    return undefined;
  }
  return run?.request?.limits?.timeoutMs ?? workspaceLimitMs;
}

/** The facts describeHeldWait needs about a held call, from what the page holds of its run. */
export function heldWaitFacts(
  call: PausedCall,
  run: RunView | undefined,
  workspaceLimitMs: number | undefined,
  now: number,
  originName?: string,
): HeldWaitFacts {
  const limitMs = runLimitMs(run, workspaceLimitMs);
  return {
    origin: call.origin,
    pausedAt: call.pausedAt,
    runStartedAt: run?.seenAt ?? call.pausedAt,
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
