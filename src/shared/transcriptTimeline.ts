import type { TranscriptEntry } from './transcript';
import { collectTranscriptCalls, type TranscriptCall } from './transcriptCalls';

export interface TimelineBar {
  call: TranscriptCall;
  laneIndex: number;
  /** Row inside the lane: parallel calls of one provider get separate rows. */
  row: number;
  /** Row counted from the top of the whole timeline. */
  globalRow: number;
  start: number;
  end: number;
  /** No tool_result was recorded: the bar runs to the end of the run. */
  open: boolean;
}

export interface TimelineLane {
  providerName: string;
  rows: number;
  firstRow: number;
}

export interface TimelineSpan {
  start: number;
  end: number;
}

export interface TimelineLayout {
  lanes: TimelineLane[];
  bars: TimelineBar[];
  /** Guest compute: stretches of the run with no tool call pending. */
  compute: TimelineSpan[];
  runStart: number;
  runEnd: number;
  totalRows: number;
}

/** Lays out a run as lanes (one per provider) of tool-call bars; times are ms since the run started. */
export function layoutTimeline(entries: readonly TranscriptEntry[]): TimelineLayout {
  const calls = collectTranscriptCalls(entries);
  let runStart = 0;
  let runEnd = 0;
  for (const entry of entries) {
    runEnd = Math.max(runEnd, entry.at);
    if (entry.kind === 'message' && entry.message.type === 'started') runStart = entry.at;
  }
  const laneIndexByProvider = new Map<string, number>();
  const laneRowEnds: number[][] = [];
  const bars: TimelineBar[] = [];
  for (const call of calls) {
    let laneIndex = laneIndexByProvider.get(call.providerName);
    if (laneIndex === undefined) {
      laneIndex = laneRowEnds.length;
      laneIndexByProvider.set(call.providerName, laneIndex);
      laneRowEnds.push([]);
    }
    const open = call.endedAt === undefined;
    const start = call.startedAt;
    const end = Math.max(start, call.endedAt ?? runEnd);
    const rowEnds = laneRowEnds[laneIndex]!;
    // Calls arrive in start order, so the first row free by `start` keeps rows compact.
    let row = rowEnds.findIndex((rowEnd) => rowEnd <= start);
    if (row < 0) row = rowEnds.push(end) - 1;
    else rowEnds[row] = end;
    bars.push({ call, laneIndex, row, globalRow: 0, start, end, open });
  }
  const { lanes, totalRows } = stackLanes(laneIndexByProvider, laneRowEnds);
  for (const bar of bars) bar.globalRow = lanes[bar.laneIndex]!.firstRow + bar.row;
  return {
    lanes,
    bars,
    compute: computeSpans(bars, runStart, runEnd),
    runStart,
    runEnd,
    totalRows,
  };
}

/** One lane per provider, in the order first seen, each as tall as the rows its calls needed. */
export function stackLanes(
  laneIndexByProvider: ReadonlyMap<string, number>,
  laneRowEnds: readonly (readonly number[])[],
): { lanes: TimelineLane[]; totalRows: number } {
  const lanes: TimelineLane[] = [];
  let totalRows = 0;
  for (const [providerName, index] of laneIndexByProvider) {
    const rows = Math.max(1, laneRowEnds[index]!.length);
    lanes[index] = { providerName, rows, firstRow: totalRows };
    totalRows += rows;
  }
  return { lanes, totalRows };
}

function computeSpans(bars: readonly TimelineBar[], runStart: number, runEnd: number): TimelineSpan[] {
  const spans: TimelineSpan[] = [];
  const busy = [...bars].sort((a, b) => a.start - b.start);
  let cursor = runStart;
  for (const bar of busy) {
    if (bar.start > cursor) spans.push({ start: cursor, end: bar.start });
    cursor = Math.max(cursor, bar.end);
  }
  if (runEnd > cursor) spans.push({ start: cursor, end: runEnd });
  return spans;
}

/** The bar under a point, given time (ms) and a global row; the latest-starting one wins on overlap. */
export function findTimelineBar(
  layout: TimelineLayout,
  time: number,
  globalRow: number,
  slack = 0,
): TimelineBar | undefined {
  let found: TimelineBar | undefined;
  for (const bar of layout.bars) {
    if (bar.globalRow === globalRow && time >= bar.start - slack && time <= bar.end + slack) found = bar;
  }
  return found;
}
