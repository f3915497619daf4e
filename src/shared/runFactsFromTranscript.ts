import type { CancelReason, RunFacts } from './runOutcome';
import type { TranscriptEntry } from './transcript';

/**
 * What the host recorded about how a run ended, read back from its transcript: the `run_finished`
 * event, and `cancel_requested` for transcripts saved before run_finished carried the reason.
 * Undefined when the transcript has no run_finished.
 */
export function runFactsFromTranscript(
  entries: readonly TranscriptEntry[],
  limits?: { timeoutMs?: number; memoryLimitBytes?: number },
): Partial<RunFacts> | undefined {
  let facts: Partial<RunFacts> | undefined;
  let requested: CancelReason | undefined;
  for (const entry of entries) {
    if (entry.kind !== 'event') continue;
    const event = entry.event;
    if (event.type === 'cancel_requested') requested ??= event.reason === 'caller' ? 'user' : event.reason;
    if (event.type === 'run_finished')
      facts = {
        wallMs: event.durationMs,
        ...(event.guestMs !== undefined ? { guestMs: event.guestMs } : {}),
        ...(event.heldMs !== undefined ? { heldMs: event.heldMs } : {}),
        ...(event.cancelReason ? { cancelReason: event.cancelReason } : {}),
        ...(event.failedCall ? { failedCall: event.failedCall } : {}),
        ...(event.refusedOption ? { refusedOption: event.refusedOption } : {}),
      };
  }
  if (!facts) return undefined;
  const cancelReason = facts.cancelReason ?? requested;
  return {
    ...facts,
    ...(cancelReason ? { cancelReason } : {}),
    ...(limits?.timeoutMs !== undefined ? { timeoutMs: limits.timeoutMs } : {}),
    ...(limits?.memoryLimitBytes !== undefined ? { memoryLimitBytes: limits.memoryLimitBytes } : {}),
  };
}
