import type { ToolCallMessage } from '../../../shared/protocol/messages';
import type { TranscriptEntry } from '../../../shared/transcript';
import { jsonEqual } from '../../../shared/transcriptJsonEqual';
import type { ToolCallResult } from '../../engine/core/types';
import { describeToolCall } from './describeToolCall';

export interface RecordedCall {
  callId: string;
  providerName: string;
  toolName: string;
  input?: unknown;
  answer: ToolCallResult;
}

export type RecordingMatch = { ok: true; recorded: RecordedCall } | { ok: false; reason: string };

export interface RecordingAnswers {
  /** Consumes the first unused recorded call with the same provider, tool and input. */
  take(call: ToolCallMessage): RecordingMatch;
  /** Recorded calls the replay has not made (yet). */
  remaining(): RecordedCall[];
}

/**
 * Answers tool calls from a recording. Calls match by provider, tool and input (not by position),
 * so parallel calls that arrive in another order still match; each recorded answer is used once.
 */
export function createRecordingAnswers(entries: readonly TranscriptEntry[]): RecordingAnswers {
  const unused = collectRecordedCalls(entries);
  return {
    take(call) {
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
        (recorded) => recorded.providerName === call.providerName && recorded.toolName === call.safeToolName,
      );
      const nearest = sameTool ?? expected;
      return {
        ok: false,
        reason: `the code called ${made}, but the recording has ${describeToolCall(nearest.providerName, nearest.toolName, nearest.input)}${sameTool ? ' (same tool, different input)' : ' next'}`,
      };
    },
    remaining: () => [...unused],
  };
}

function collectRecordedCalls(entries: readonly TranscriptEntry[]): RecordedCall[] {
  const answers = new Map<string, ToolCallResult>();
  for (const entry of entries) {
    if (entry.kind !== 'message' || entry.message.type !== 'tool_result') continue;
    const message = entry.message;
    answers.set(
      message.callId,
      message.ok
        ? message.result === undefined
          ? { ok: true }
          : { ok: true, result: message.result }
        : { ok: false, error: message.error },
    );
  }
  const calls: RecordedCall[] = [];
  for (const entry of entries) {
    if (entry.kind !== 'message' || entry.message.type !== 'tool_call') continue;
    const { callId, providerName, safeToolName, input } = entry.message;
    const answer = answers.get(callId);
    // A call the recording never answered (cancelled mid-call) cannot answer a replay.
    if (answer) calls.push({ callId, providerName, toolName: safeToolName, input, answer });
  }
  return calls;
}
