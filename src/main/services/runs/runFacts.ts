import type { ExecuteResult } from '../../../shared/executeResult';
import { isCancelReason, type RunFacts } from '../../../shared/runOutcome';
import type { ExecutorRuntimeOptions, RuntimeOptionName } from '../../../shared/runtimeOptions';
import type { HostEvent } from '../../../shared/transcript';
import type { SessionFacts } from '../../engine/core/types';

const round2 = (ms: number): number => Math.round(ms * 100) / 100;

/** What the host knows about how a run ended, beside the runner's result. */
export function runFacts(
  result: ExecuteResult,
  wallMs: number,
  session: SessionFacts | undefined,
  signal: AbortSignal,
  limits: Partial<ExecutorRuntimeOptions>,
  refusedOption?: RuntimeOptionName,
): RunFacts {
  const heldMs = session?.heldMs ?? 0;
  // A run cancelled before its session began (waiting for a runner) has no session facts.
  const cancelReason =
    session?.cancelReason ?? (signal.aborted && isCancelReason(signal.reason) ? signal.reason : undefined);
  return {
    wallMs: round2(wallMs),
    guestMs: round2(Math.max(0, result.durationMs - heldMs)),
    heldMs: round2(heldMs),
    ...(cancelReason ? { cancelReason } : {}),
    ...(limits.timeoutMs !== undefined ? { timeoutMs: limits.timeoutMs } : {}),
    ...(limits.memoryLimitBytes !== undefined ? { memoryLimitBytes: limits.memoryLimitBytes } : {}),
    ...(session?.failedCall ? { failedCall: session.failedCall } : {}),
    ...(refusedOption ? { refusedOption } : {}),
  };
}

/** The transcript's last event: how the run ended, in the facts the host measured. */
export function runFinishedEvent(
  result: ExecuteResult,
  facts: RunFacts,
): Extract<HostEvent, { type: 'run_finished' }> {
  return {
    type: 'run_finished',
    ok: result.ok,
    ...(result.ok ? {} : { errorCode: result.error.code }),
    durationMs: facts.wallMs,
    ...(facts.cancelReason ? { cancelReason: facts.cancelReason } : {}),
    guestMs: facts.guestMs,
    heldMs: facts.heldMs,
    ...(facts.failedCall ? { failedCall: facts.failedCall } : {}),
    ...(facts.refusedOption ? { refusedOption: facts.refusedOption } : {}),
  };
}
