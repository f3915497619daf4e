import type { DoneMessage, ToolCallMessage } from '../../../shared/protocol/messages';
import type { TranscriptEntry } from '../../../shared/transcript';
import { jsonEqual } from '../../../shared/transcriptJsonEqual';
import type { ToolCallResult } from '../../engine/core/types';
import { describeToolCall } from './describeToolCall';
import { WALK_PAGE, type TranscriptSourceReader } from './transcriptSourceReader';

export interface RecordedCall {
  callId: string;
  providerName: string;
  toolName: string;
  input?: unknown;
  answer: ToolCallResult;
}

export type RecordingMatch = { ok: true; recorded: RecordedCall } | { ok: false; reason: string };

/** What the recording still held once the replay ended. */
export interface RecordingRest {
  /** Recorded (answered) calls the replay did not make, and the first of them. */
  missed: number;
  firstMissed?: RecordedCall;
  /** The recorded run's final done message, if the recording reached it. */
  done?: DoneMessage;
}

export interface RecordingAnswers {
  /** Consumes the first unused recorded call with the same provider, tool and input. */
  take(call: ToolCallMessage): Promise<RecordingMatch>;
  /** Reads the rest of the recording: the calls never made, and its done. */
  finish(): Promise<RecordingRest>;
}

/** Recorded calls read ahead of the replay: a call matches one at most this far ahead of the first unused. */
export const RECORDING_WINDOW = 4_096;

/**
 * Answers tool calls from a recording read a page at a time as the replay goes. Calls match by
 * provider, tool and input (not by position), so parallel calls that arrive in another order still
 * match, among the next RECORDING_WINDOW recorded calls; each recorded answer is used once.
 */
export function createRecordingAnswers(
  recording: Pick<TranscriptSourceReader, 'count' | 'page'> | readonly TranscriptEntry[],
): RecordingAnswers {
  const reader = Array.isArray(recording) ? entriesReader(recording) : (recording as TranscriptSourceReader);
  const unused: RecordedCall[] = [];
  // Calls read, waiting for their answer: a call joins `unused` once answered, in recording order,
  // except that a call left unanswered a whole window of calls later no longer holds the others back.
  const waiting = new Map<
    string,
    { call: Omit<RecordedCall, 'answer'>; number: number; answer?: ToolCallResult }
  >();
  let callsRead = 0;
  let read = 0;
  let done: DoneMessage | undefined;

  const settle = (all = false) => {
    for (const [callId, entry] of waiting) {
      if (entry.answer) {
        unused.push({ ...entry.call, answer: entry.answer });
        waiting.delete(callId);
      } else if (!all && callsRead - entry.number <= RECORDING_WINDOW) break;
    }
  };
  const readPage = async () => {
    const to = Math.min(reader.count, read + WALK_PAGE);
    const { entries, problems } = await reader.page(read, to);
    read = problems.length > 0 ? reader.count : to;
    for (const entry of entries) {
      if (entry.kind !== 'message') continue;
      const message = entry.message;
      if (message.type === 'tool_call') {
        const { callId, providerName, safeToolName, input } = message;
        const number = callsRead++;
        waiting.set(callId, { call: { callId, providerName, toolName: safeToolName, input }, number });
      } else if (message.type === 'tool_result') {
        const known = waiting.get(message.callId);
        if (known && !known.answer)
          known.answer = message.ok
            ? message.result === undefined
              ? { ok: true }
              : { ok: true, result: message.result }
            : { ok: false, error: message.error };
      } else if (message.type === 'done') done = message;
    }
    settle();
  };
  const fill = async () => {
    while (unused.length < RECORDING_WINDOW && read < reader.count) await readPage();
  };
  let queue: Promise<unknown> = Promise.resolve();
  // One reader at a time: parallel calls take their answers in the order they asked.
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work);
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    take: (call) =>
      serial(async () => {
        await fill();
        const index = unused.findIndex(
          (recorded) =>
            recorded.providerName === call.providerName &&
            recorded.toolName === call.safeToolName &&
            jsonEqual(recorded.input, call.input),
        );
        const made = describeToolCall(call.providerName, call.safeToolName, call.input);
        if (index >= 0) return { ok: true, recorded: unused.splice(index, 1)[0]! };
        const expected = unused[0];
        if (!expected)
          return { ok: false, reason: `the recording has no more tool calls, but the code called ${made}` };
        const sameTool = unused.find(
          (recorded) =>
            recorded.providerName === call.providerName && recorded.toolName === call.safeToolName,
        );
        const nearest = sameTool ?? expected;
        return {
          ok: false,
          reason: `the code called ${made}, but the recording has ${describeToolCall(nearest.providerName, nearest.toolName, nearest.input)}${sameTool ? ' (same tool, different input)' : ' next'}`,
        };
      }),
    finish: () =>
      serial(async () => {
        let missed = 0;
        let firstMissed: RecordedCall | undefined;
        const count = () => {
          firstMissed ??= unused[0];
          missed += unused.length;
          unused.length = 0;
        };
        count();
        while (read < reader.count) {
          await readPage();
          count();
        }
        // A call the recording never answered (cancelled mid-call) cannot answer a replay.
        settle(true);
        count();
        return { missed, ...(firstMissed ? { firstMissed } : {}), ...(done ? { done } : {}) };
      }),
  };
}

function entriesReader(entries: readonly TranscriptEntry[]): Pick<TranscriptSourceReader, 'count' | 'page'> {
  return {
    count: entries.length,
    page: async (from, to) => ({ entries: entries.slice(from, to), problems: [] }),
  };
}
