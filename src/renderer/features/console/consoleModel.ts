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
  /** Made from a long run's held tail: the lines of entries before this entry number are not in it yet. */
  missingBefore?: number;
}

interface RunState {
  entries: readonly TranscriptEntry[];
  /** The seq of the last entry read into the model. */
  lastSeq: number;
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
 * Updated with only the entries that arrived since the last call for that run: the page holds a
 * long run's tail only (`entries` starts at entry number `firstIndex`), so the lines of entries it
 * let go stay here, and a model made from a tail says which earlier entries it lacks.
 */
export function consoleModelFor(
  runId: string,
  entries: readonly TranscriptEntry[],
  result: ExecuteResult | undefined,
  firstIndex = 0,
): ConsoleModel {
  const previous = states.get(runId);
  if (previous && previous.entries === entries && previous.result === result) return previous.model;
  // The entries go on from where the model stopped (the held tail may have dropped what it read).
  const extendsPrevious =
    previous !== undefined && (entries.length === 0 || entries[0]!.seq <= previous.lastSeq + 1);
  // Lines filled in from done.logs give way to the stream's (a reload has the result before the entries).
  const base = !extendsPrevious
    ? emptyModel()
    : previous.model.streamed
      ? previous.model
      : { ...previous.model, rows: [], counts: emptyModel().counts };
  const from = extendsPrevious ? firstAfter(entries, previous.lastSeq) : 0;
  const model = readEntries(base, entries, from);
  if (!extendsPrevious && firstIndex > 0) model.missingBefore = firstIndex;
  if (!model.streamed && result) fillFromDoneLogs(model, result, entries);
  const lastSeq = entries.at(-1)?.seq ?? previous?.lastSeq ?? -1;
  states.set(runId, { entries, lastSeq, result, model });
  if (states.size > MAX_RUNS) states.delete(states.keys().next().value!);
  return model;
}

/** The console lines of `entries` added to `head` (a run's earlier pages read one after another). */
export function readConsolePage(
  head: ConsoleModel | null,
  entries: readonly TranscriptEntry[],
): ConsoleModel {
  return readEntries(head ?? emptyModel(), entries, 0);
}

/**
 * Puts before a model made from the tail the lines it lacks: `head` read (readConsolePage) from
 * the run's entries 0 up to its `missingBefore`, fetched from the host. False when nothing changed.
 */
export function addEarlierConsoleLines(runId: string, head: ConsoleModel): boolean {
  const state = states.get(runId);
  if (!state?.model.missingBefore) return false;
  const tail = state.model;
  const model: ConsoleModel = {
    ...tail,
    rows: head.rows.concat(tail.rows),
    counts: { ...tail.counts },
    streamed: head.streamed || tail.streamed,
    capped: head.capped || tail.capped,
    limits: head.limits ?? tail.limits,
  };
  for (const level of Object.keys(head.counts) as ConsoleLevel[]) model.counts[level] += head.counts[level];
  if (!tail.dropped && head.dropped) model.dropped = head.dropped;
  delete model.missingBefore;
  states.set(runId, { ...state, model, entries: [] });
  return true;
}

/** The first index whose entry's seq is past `seq` (seqs only grow). */
function firstAfter(entries: readonly TranscriptEntry[], seq: number): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (entries[mid]!.seq > seq) high = mid;
    else low = mid + 1;
  }
  return low;
}

function readEntries(base: ConsoleModel, entries: readonly TranscriptEntry[], from: number): ConsoleModel {
  const rows = base.rows.slice();
  const counts = { ...base.counts };
  let { dropped, streamed, limits } = base;
  for (let i = from; i < entries.length; i++) {
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
  if (base.missingBefore) model.missingBefore = base.missingBefore;
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
