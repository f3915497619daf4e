import type { TranscriptEntry } from '../../../shared/transcript';
import type { TranscriptProblem } from '../../../shared/transcriptFile';
import { applyEntryToCall, startTranscriptCall, type TranscriptCall } from '../../../shared/transcriptCalls';
import { hashJsonValue, hashText } from './hashJsonValue';
import { walkTranscript, type TranscriptSourceReader } from './transcriptSourceReader';

/**
 * One run as the diff compares it, a few numbers per item: its executes, its tool calls (in the
 * order they were made) and its done. Values are kept as hashes; a page of rows reads the entries
 * again by position.
 */
export interface DiffSide {
  executes: { position: number; hash: number }[];
  calls: number;
  /** Per call: the hash of `call:<callId>`, the hash of what the diff compares, where its entries are. */
  callKey: Float64Array;
  callValue: Float64Array;
  callPosition: Int32Array;
  /** -1: no tool_result. */
  resultPosition: Int32Array;
  done?: { position: number; hash: number; value: unknown };
  code?: string;
  problems: TranscriptProblem[];
}

/** What a call is compared by (the diff's row value). */
export function callDiffValue(call: TranscriptCall): unknown {
  return {
    provider: call.providerName,
    tool: call.toolName,
    input: call.input,
    answer: call.outcome ?? 'no answer',
  };
}

/** What a done is compared by. */
export function doneDiffValue(entry: TranscriptEntry): unknown {
  if (entry.kind !== 'message' || entry.message.type !== 'done') return undefined;
  const done = entry.message;
  return done.ok
    ? { ok: true, result: done.result, logs: done.logs }
    : { ok: false, error: done.error, logs: done.logs };
}

/** Takes a transcript's entries in order, holding only the calls still waiting for their result. */
export interface DiffSideCollector {
  add(entry: TranscriptEntry): void;
  /** The side as far as the entries added so far; later `add`s leave it as it is. */
  side(problems: TranscriptProblem[]): DiffSide;
}

export function createDiffSideCollector(): DiffSideCollector {
  let capacity = 1024;
  let callKey = new Float64Array(capacity);
  let callValue = new Float64Array(capacity);
  let callPosition = new Int32Array(capacity);
  let resultPosition = new Int32Array(capacity);
  const grow = () => {
    capacity *= 2;
    const wider = <T extends Float64Array | Int32Array>(old: T, made: T) => (made.set(old), made);
    callKey = wider(callKey, new Float64Array(capacity));
    callValue = wider(callValue, new Float64Array(capacity));
    callPosition = wider(callPosition, new Int32Array(capacity));
    resultPosition = wider(resultPosition, new Int32Array(capacity));
  };
  const executes: DiffSide['executes'] = [];
  let calls = 0;
  let code: string | undefined;
  let done: DiffSide['done'];
  const pending = new Map<string, { index: number; call: TranscriptCall }>();
  let position = 0;
  return {
    add(entry) {
      const at = position++;
      if (entry.kind !== 'message') return;
      const message = entry.message;
      if (message.type === 'execute') {
        code ??= message.code;
        executes.push({
          position: at,
          hash: hashJsonValue({ code: message.code, options: message.options }),
        });
      } else if (message.type === 'tool_call') {
        const call = startTranscriptCall(message, entry.at);
        if (calls === capacity) grow();
        const index = calls++;
        callKey[index] = hashText(`call:${call.callId}`);
        callPosition[index] = at;
        resultPosition[index] = -1;
        pending.set(call.callId, { index, call });
      } else if (message.type === 'tool_result') {
        const known = pending.get(message.callId);
        if (!known) return;
        pending.delete(message.callId);
        applyEntryToCall(entry, known.call);
        resultPosition[known.index] = at;
        callValue[known.index] = hashJsonValue(callDiffValue(known.call));
      } else if (message.type === 'done') {
        const value = doneDiffValue(entry);
        done = { position: at, hash: hashJsonValue(value), value };
      }
    },
    side(problems) {
      // A call's key and position never change once added; its value and result do, so those are copied.
      const values = callValue.slice(0, calls);
      for (const { index, call } of pending.values()) values[index] = hashJsonValue(callDiffValue(call));
      return {
        executes: executes.slice(),
        calls,
        callKey: callKey.subarray(0, calls),
        callValue: values,
        callPosition: callPosition.subarray(0, calls),
        resultPosition: resultPosition.slice(0, calls),
        ...(done ? { done } : {}),
        ...(code !== undefined ? { code } : {}),
        problems,
      };
    },
  };
}

/** Walks a transcript once, page by page, holding only the calls still waiting for their result. */
export async function collectDiffSide(reader: TranscriptSourceReader): Promise<DiffSide> {
  const collector = createDiffSideCollector();
  const problems = await walkTranscript(reader, (entry) => collector.add(entry));
  return collector.side(problems);
}
