import type { ExecuteResult } from '../../../shared/executeResult';
import type { ConsoleLevel, DroppedLogs } from '../../../shared/protocol/logStreamMessage';
import type { TranscriptEntry } from '../../../shared/transcript';

export interface ConsoleRow {
  /** The transcript entry the line came in (its position in time with the tool calls). */
  seq: number;
  /** Milliseconds since the run started. */
  at: number;
  level: ConsoleLevel;
  text: string;
}

export interface ConsoleModel {
  rows: ConsoleRow[];
  counts: Record<ConsoleLevel, number>;
  /** What the caps dropped, as the runner reported it (streamed runs only). */
  dropped?: DroppedLogs;
  /** True when the lines came from the log stream; false when only `done.logs` had them. */
  streamed: boolean;
  /** Whether the run's log caps were reached, judged from `done.logs` when nothing was streamed. */
  capped: boolean;
  limits?: { maxLogLines: number; maxLogChars: number };
}

interface RunState {
  entries: readonly TranscriptEntry[];
  result: ExecuteResult | undefined;
  model: ConsoleModel;
}

const MAX_RUNS = 12;
const states = new Map<string, RunState>();

function emptyModel(): ConsoleModel {
  return { rows: [], counts: { log: 0, info: 0, warn: 0, error: 0 }, streamed: false, capped: false };
}

/**
 * A run's console lines in time order: the streamed batches with their levels, or (for runners
 * without the stream, and transcripts recorded without it) the `done.logs` lines as `log`.
 * Updated with only the entries that arrived since the last call for that run.
 */
export function consoleModelFor(
  runId: string,
  entries: readonly TranscriptEntry[],
  result: ExecuteResult | undefined,
): ConsoleModel {
  const previous = states.get(runId);
  if (previous && previous.entries === entries && previous.result === result) return previous.model;
  const extendsPrevious =
    previous !== undefined &&
    entries.length >= previous.entries.length &&
    (previous.entries.length === 0 || entries[previous.entries.length - 1] === previous.entries.at(-1));
  const base = extendsPrevious ? previous.model : emptyModel();
  const rows = base.rows.slice();
  const counts = { ...base.counts };
  let { dropped, streamed, limits } = base;
  for (let i = extendsPrevious ? previous.entries.length : 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (entry.kind === 'message') {
      if (entry.message.type === 'execute') {
        const { maxLogLines, maxLogChars } = entry.message.options;
        limits = { maxLogLines, maxLogChars };
      }
      continue;
    }
    if (entry.event.type !== 'guest_console') continue;
    streamed = true;
    for (const line of entry.event.lines) {
      rows.push({ seq: entry.seq, at: entry.at, level: line.level, text: line.text });
      counts[line.level] += 1;
    }
    if (entry.event.dropped) dropped = entry.event.dropped;
  }
  const model: ConsoleModel = { rows, counts, streamed, capped: dropped !== undefined, limits };
  if (dropped) model.dropped = dropped;
  if (!streamed && result) fillFromDoneLogs(model, result, entries);
  states.set(runId, { entries, result, model });
  if (states.size > MAX_RUNS) states.delete(states.keys().next().value!);
  return model;
}

/** Without the stream, the final logs are all there is: no levels, and the caps judged from their size. */
function fillFromDoneLogs(
  model: ConsoleModel,
  result: ExecuteResult,
  entries: readonly TranscriptEntry[],
): void {
  const done = entries.findLast((entry) => entry.kind === 'message' && entry.message.type === 'done');
  const at = done?.at ?? 0;
  const seq = done?.seq ?? 0;
  model.rows = result.logs.map((text) => ({ seq, at, level: 'log', text }));
  model.counts = { log: result.logs.length, info: 0, warn: 0, error: 0 };
  if (model.limits) {
    const chars = result.logs.reduce((sum, line) => sum + line.length, 0);
    model.capped =
      (model.limits.maxLogLines > 0 && result.logs.length >= model.limits.maxLogLines) ||
      (model.limits.maxLogChars > 0 && chars >= model.limits.maxLogChars);
  }
}
