import type { ExecuteError } from './errors';
import type { TranscriptEntry } from './transcript';

export type CallMark =
  'paused' | 'input_edited' | 'result_edited' | 'hand_answered' | 'replay_answered' | 'replay_diverged';

/** One tool call of a run, from its tool_call to its tool_result (if it got one). */
export interface TranscriptCall {
  callId: string;
  providerName: string;
  toolName: string;
  /** The input as the guest made the call. */
  input?: unknown;
  /** Set when a person edited the input: what the provider actually got (`input` is the original). */
  sentInput?: { value?: unknown };
  /** ms since the run started. */
  startedAt: number;
  endedAt?: number;
  outcome?: { ok: true; result?: unknown } | { ok: false; error: ExecuteError };
  marks: CallMark[];
}

const MARK_EVENTS: Partial<Record<string, CallMark>> = {
  breakpoint_hit: 'paused',
  input_edited: 'input_edited',
  result_edited: 'result_edited',
  hand_answered: 'hand_answered',
  replay_answered: 'replay_answered',
  replay_diverged: 'replay_diverged',
};

/** The run's tool calls in the order they were made, with what the debugger did to each. */
export function collectTranscriptCalls(entries: readonly TranscriptEntry[]): TranscriptCall[] {
  const calls: TranscriptCall[] = [];
  const byId = new Map<string, TranscriptCall>();
  for (const entry of entries) applyEntryToCalls(entry, calls, byId);
  return calls;
}

export function applyEntryToCalls(
  entry: TranscriptEntry,
  calls: TranscriptCall[],
  byId: Map<string, TranscriptCall>,
): void {
  if (entry.kind === 'event') {
    const mark = MARK_EVENTS[entry.event.type];
    const callId = 'callId' in entry.event ? entry.event.callId : undefined;
    const call = callId !== undefined ? byId.get(callId) : undefined;
    if (mark && call && !call.marks.includes(mark)) call.marks.push(mark);
    if (call && entry.event.type === 'input_edited')
      call.sentInput = entry.event.input === undefined ? {} : { value: entry.event.input };
    return;
  }
  const message = entry.message;
  if (message.type === 'tool_call') {
    const call: TranscriptCall = {
      callId: message.callId,
      providerName: message.providerName,
      toolName: message.safeToolName,
      startedAt: entry.at,
      marks: [],
    };
    if (message.input !== undefined) call.input = message.input;
    calls.push(call);
    byId.set(call.callId, call);
  } else if (message.type === 'tool_result') {
    const call = byId.get(message.callId);
    if (!call || call.endedAt !== undefined) return;
    call.endedAt = entry.at;
    call.outcome = message.ok
      ? message.result === undefined
        ? { ok: true }
        : { ok: true, result: message.result }
      : { ok: false, error: message.error };
  }
}
