import type { RunOrigin } from '../../../shared/api/runs';
import type { DebugToolResult, PausePhase, PauseReason, ResumeAction } from '../../../shared/api/debug';
import type { TapDecision, TapHeldMessage } from '../../../shared/api/runs';
import type { ToolCallMessage, ToolResultMessage } from '../../../shared/protocol/messages';
import type { HostEvent } from '../../../shared/transcript';
import type { BreakpointStore } from './createBreakpointStore';
import type { PausedCallRegistry } from './createPausedCallRegistry';
import { holdForPerson } from './holdForPerson';

export interface TapHoldOptions {
  runId: string;
  origin: RunOrigin;
  breakpoints: BreakpointStore;
  pauses: PausedCallRegistry;
  emit(event: HostEvent): void;
}

const FORWARD: TapDecision = { action: 'forward' };

/**
 * The debugger's hold on a tapped session: a runner's tool_call stops where a breakpoint matches
 * (or after a step), and the host's tool_result for it when the person asked to pause on the result.
 * The person forwards, edits or drops the message: the real programs get what they decide.
 */
export function createTapHold(options: TapHoldOptions) {
  const { runId, origin, breakpoints, pauses, emit } = options;
  const calls = new Map<string, ToolCallMessage>();
  const pauseOnResult = new Set<string>();
  let stepping = false;

  const reasonFor = (message: ToolCallMessage | ToolResultMessage): PauseReason | undefined => {
    const step = stepping ? 'step' : undefined;
    if (message.type === 'tool_result')
      return pauseOnResult.delete(message.callId)
        ? 'breakpoint'
        : calls.has(message.callId)
          ? step
          : undefined;
    return step ?? (breakpoints.findHit(message) ? 'breakpoint' : undefined);
  };

  return async (held: TapHeldMessage, signal: AbortSignal): Promise<TapDecision> => {
    const { message } = held;
    if (message.type !== 'tool_call' && message.type !== 'tool_result') return FORWARD;
    if (message.type === 'tool_call') calls.set(message.callId, message);
    const call = calls.get(message.callId);
    const reason = reasonFor(message);
    if (!call || !reason) return FORWARD;
    stepping = false;
    const phase: PausePhase = message.type === 'tool_call' ? 'call' : 'result';
    const result = message.type === 'tool_result' ? toolResultOf(message) : undefined;
    const action = await holdForPerson(
      { runId, origin, pauses, emit },
      call,
      phase,
      reason,
      {
        ...(call.input !== undefined ? { input: call.input } : {}),
        ...(result ? { result } : {}),
        tap: held,
      },
      signal,
    );
    if (!action) return FORWARD;
    // An edited tool_call goes on in the held one's place: the host answers the call it names.
    const edited = action.action === 'edit_message' ? (action.message as TapDecisionMessage) : undefined;
    const sent = edited?.type === 'tool_call' ? edited : call;
    if (sent !== call) calls.set(sent.callId, sent);
    if ('pauseOnResult' in action && action.pauseOnResult) pauseOnResult.add(sent.callId);
    if (action.action === 'step' || (action.action === 'edit_input' && action.step)) stepping = true;
    return decide(action, message, emit);
  };
}

function decide(
  action: ResumeAction,
  message: ToolCallMessage | ToolResultMessage,
  emit: (event: HostEvent) => void,
): TapDecision {
  switch (action.action) {
    case 'drop':
      return { action: 'drop' };
    case 'edit_input': {
      const edited: ToolCallMessage = { ...(message as ToolCallMessage) };
      if (action.input === undefined) delete edited.input;
      else edited.input = action.input;
      emit({
        type: 'input_edited',
        callId: message.callId,
        ...(action.input !== undefined ? { input: action.input } : {}),
      });
      return { action: 'replace', message: edited };
    }
    case 'edit_result':
      emit({ type: 'result_edited', callId: message.callId });
      return {
        action: 'replace',
        message: { type: 'tool_result', callId: message.callId, ...action.result },
      };
    case 'edit_message':
      emit(
        message.type === 'tool_call'
          ? { type: 'input_edited', callId: message.callId }
          : { type: 'result_edited', callId: message.callId },
      );
      return { action: 'replace', message: action.message as TapDecisionMessage };
    default:
      return FORWARD;
  }
}

type TapDecisionMessage = Extract<TapDecision, { action: 'replace' }>['message'];

function toolResultOf(message: ToolResultMessage): DebugToolResult {
  const { type: _type, callId: _callId, ...result } = message;
  return result as DebugToolResult;
}
