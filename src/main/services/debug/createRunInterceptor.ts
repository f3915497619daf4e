import type { RunOrigin } from '../../../shared/api/runs';
import type { PausePhase, PauseReason, ResumeAction } from '../../../shared/api/debug';
import type { ToolCallMessage } from '../../../shared/protocol/messages';
import type { HostEvent } from '../../../shared/transcript';
import type { ExecutionClock, ToolCallInterceptor, ToolCallResult } from '../../engine/core/types';
import type { ApprovalPolicy } from './createApprovalRules';
import type { BreakpointStore } from './createBreakpointStore';
import type { PausedCallRegistry } from './createPausedCallRegistry';
import type { RecordingAnswers } from './createRecordingAnswers';
import { createRefCountedClock } from './createRefCountedClock';
import { holdForPerson } from './holdForPerson';

export interface ReplayPlan {
  answers: RecordingAnswers;
  /** Pause at the first call that differs from the recording (the UI); otherwise fail that call (the CLI). */
  pauseOnDivergence: boolean;
  onDiverged?(callId: string, reason: string): void;
}

export interface RunInterceptorOptions {
  runId: string;
  origin: RunOrigin;
  breakpoints: BreakpointStore;
  pauses: PausedCallRegistry;
  /** Adds a host event to the run's transcript. */
  emit(event: HostEvent): void;
  replay?: ReplayPlan;
  /** Tools marked “ask before running”: their calls that would reach the provider wait for a decision. */
  approvals?: ApprovalPolicy;
}

type Dispatch = (input: unknown) => Promise<ToolCallResult>;

/**
 * The debugger's hold on one run's tool calls: breakpoints, stepping, edited and hand-written
 * answers, and (for replay) answers from a recording. While a call is held the execution clock is
 * paused, so held time never counts against the run's timeout.
 */
export function createRunInterceptor(options: RunInterceptorOptions): ToolCallInterceptor {
  const { runId, origin, breakpoints, pauses, emit, replay, approvals } = options;
  let stepping = false;
  const clocks = new WeakMap<ExecutionClock, ExecutionClock>();

  function runClock(clock: ExecutionClock): ExecutionClock {
    let counted = clocks.get(clock);
    if (!counted) {
      counted = createRefCountedClock(clock);
      clocks.set(clock, counted);
    }
    return counted;
  }

  async function hold(
    call: ToolCallMessage,
    phase: PausePhase,
    reason: PauseReason,
    extra: { input?: unknown; result?: ToolCallResult; detail?: string },
    context: { signal: AbortSignal; clock: ExecutionClock },
  ): Promise<ResumeAction | undefined> {
    const clock = runClock(context.clock);
    clock.pause();
    try {
      return await holdForPerson({ runId, origin, pauses, emit }, call, phase, reason, extra, context.signal);
    } finally {
      clock.resume();
    }
  }

  function pauseReason(call: ToolCallMessage): PauseReason | undefined {
    if (stepping) {
      stepping = false;
      return 'step';
    }
    return breakpoints.findHit(call) ? 'breakpoint' : undefined;
  }

  return async (call, dispatch, context) => {
    let source: Dispatch = dispatch;
    let reason: PauseReason | undefined;
    let detail: string | undefined;
    if (replay) {
      const match = await replay.answers.take(call);
      if (match.ok) {
        emit({ type: 'replay_answered', callId: call.callId });
        const answer = match.recorded.answer;
        source = async () => answer;
      } else {
        emit({ type: 'replay_diverged', callId: call.callId, reason: match.reason });
        replay.onDiverged?.(call.callId, match.reason);
        if (!replay.pauseOnDivergence)
          return { ok: false, error: { code: 'tool_error', message: `replay diverged: ${match.reason}` } };
        reason = 'diverged';
        detail = match.reason;
      }
    }
    if (source === dispatch && approvals?.required(call)) {
      if (!approvals.decide) reason ??= 'approval';
      else {
        const clock = runClock(context.clock);
        clock.pause();
        let decision;
        try {
          decision = await approvals.decide(call);
        } finally {
          clock.resume();
        }
        if (!decision.run) {
          emit({ type: 'hand_answered', callId: call.callId, ok: false });
          return { ok: false, error: { code: 'tool_error', message: decision.message } };
        }
      }
    }
    reason ??= pauseReason(call);
    if (!reason) return source(call.input);

    const action = await hold(
      call,
      'call',
      reason,
      { input: call.input, ...(detail ? { detail } : {}) },
      context,
    );
    if (!action) return cancelledWhilePaused();
    if (action.action === 'answer') {
      emit({ type: 'hand_answered', callId: call.callId, ok: action.answer.ok });
      return action.answer;
    }
    let input = call.input;
    if (action.action === 'edit_input') {
      input = action.input;
      emit({ type: 'input_edited', callId: call.callId, ...(input !== undefined ? { input } : {}) });
    }
    if (action.action === 'step' || (action.action === 'edit_input' && action.step)) stepping = true;
    const result = await source(input);
    if (!('pauseOnResult' in action) || !action.pauseOnResult || context.signal.aborted) return result;

    const after = await hold(
      call,
      'result',
      reason,
      { ...(input !== undefined ? { input } : {}), result },
      context,
    );
    if (!after) return cancelledWhilePaused();
    if (after.action === 'step') stepping = true;
    if (after.action !== 'edit_result') return result;
    emit({ type: 'result_edited', callId: call.callId });
    return after.result;
  };
}

function cancelledWhilePaused(): ToolCallResult {
  return {
    ok: false,
    error: { code: 'timeout', message: 'the run was cancelled while this call was paused' },
  };
}
