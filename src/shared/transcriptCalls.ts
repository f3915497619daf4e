import type { ExecuteError } from './errors';
import type { ToolCallMessage } from './protocol/messages';
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
  if (entry.kind === 'message' && entry.message.type === 'tool_call') {
    const call = startTranscriptCall(entry.message, entry.at);
    calls.push(call);
    byId.set(call.callId, call);
    return;
  }
  const callId = callIdOf(entry);
  const call = callId !== undefined ? byId.get(callId) : undefined;
  if (call) applyEntryToCall(entry, call);
}

/** The call a tool_call message starts, `at` ms into the run. */
export function startTranscriptCall(message: ToolCallMessage, at: number): TranscriptCall {
  const call: TranscriptCall = {
    callId: message.callId,
    providerName: message.providerName,
    toolName: message.safeToolName,
    startedAt: at,
    marks: [],
  };
  if (message.input !== undefined) call.input = message.input;
  return call;
}

/** Applies what an entry tells of one call (a debugger's mark, its tool_result); the caller matched the callId. */
export function applyEntryToCall(entry: TranscriptEntry, call: TranscriptCall): void {
  if (entry.kind === 'event') {
    const mark = MARK_EVENTS[entry.event.type];
    if (mark && !call.marks.includes(mark)) call.marks.push(mark);
    if (entry.event.type === 'input_edited')
      call.sentInput = entry.event.input === undefined ? {} : { value: entry.event.input };
    return;
  }
  const message = entry.message;
  if (message.type !== 'tool_result' || call.endedAt !== undefined) return;
  call.endedAt = entry.at;
  call.outcome = message.ok
    ? message.result === undefined
      ? { ok: true }
      : { ok: true, result: message.result }
    : { ok: false, error: message.error };
}

function callIdOf(entry: TranscriptEntry): string | undefined {
  if (entry.kind === 'event') return 'callId' in entry.event ? entry.event.callId : undefined;
  return entry.message.type === 'tool_result' ? entry.message.callId : undefined;
}
