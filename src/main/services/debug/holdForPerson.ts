import type { RunOrigin } from '../../../shared/api/runs';
import type { PausedCall, PausePhase, PauseReason, ResumeAction } from '../../../shared/api/debug';
import type { ToolCallMessage } from '../../../shared/protocol/messages';
import type { HostEvent } from '../../../shared/transcript';
import type { PausedCallRegistry } from './createPausedCallRegistry';

export interface HoldTarget {
  runId: string;
  origin: RunOrigin;
  pauses: PausedCallRegistry;
  emit(event: HostEvent): void;
}

/**
 * Holds one tool call for a person, with its breakpoint_hit and breakpoint_resumed in the run's
 * transcript; the action they chose, or undefined when the run ended first.
 */
export async function holdForPerson(
  target: HoldTarget,
  call: ToolCallMessage,
  phase: PausePhase,
  reason: PauseReason,
  extra: Pick<PausedCall, 'input' | 'result' | 'detail' | 'tap'>,
  signal: AbortSignal,
): Promise<ResumeAction | undefined> {
  target.emit({
    type: 'breakpoint_hit',
    callId: call.callId,
    providerName: call.providerName,
    toolName: call.safeToolName,
    phase,
    ...(phase === 'call' && extra.input !== undefined ? { input: extra.input } : {}),
  });
  const startedAt = performance.now();
  const outcome = await target.pauses.hold(
    {
      runId: target.runId,
      origin: target.origin,
      callId: call.callId,
      providerName: call.providerName,
      toolName: call.safeToolName,
      phase,
      reason,
      ...(extra.input !== undefined ? { input: extra.input } : {}),
      ...(extra.result ? { result: extra.result } : {}),
      ...(extra.detail ? { detail: extra.detail } : {}),
      ...(extra.tap ? { tap: extra.tap } : {}),
    },
    signal,
  );
  if (!outcome.resumed) return undefined;
  const pausedMs = Math.round((performance.now() - startedAt) * 100) / 100;
  target.emit({ type: 'breakpoint_resumed', callId: call.callId, action: outcome.action.action, pausedMs });
  return outcome.action;
}
