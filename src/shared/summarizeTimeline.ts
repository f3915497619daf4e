import type { TranscriptEntry } from './transcript';
import { applyEntryToCall, startTranscriptCall, type TranscriptCall } from './transcriptCalls';
import { stackLanes, type TimelineBar, type TimelineLayout, type TimelineSpan } from './transcriptTimeline';

/** The part of a run a timeline shows: run times in ms (the whole run without them), `width` pixels wide. */
export interface TimelineWindow {
  from?: number;
  to?: number;
  width: number;
}

/** A bar of a summary: one call, or (`calls` > 1) the calls of one row that start in one pixel column. */
export interface TimelineSummaryBar extends TimelineBar {
  calls: number;
}

/** A timeline laid out for one window: lanes and rows of the whole run, bars and compute of the window. */
export interface TimelineSummary extends TimelineLayout {
  bars: TimelineSummaryBar[];
  /** Tool calls in the whole run. */
  callCount: number;
  from: number;
  to: number;
  width: number;
}

export interface TimelineSummarizer {
  add(entry: TranscriptEntry): void;
  /** The layout of the entries added so far; more may be added after (a run still going). */
  summary(): TimelineSummary;
}

interface Pending {
  call: TranscriptCall;
  laneIndex: number;
  row: number;
}

/** Ended calls whose marks may still arrive (a marker event after the result); older ones are let go. */
const RECENTLY_ENDED = 256;

/**
 * Lays out a run entry by entry, as `layoutTimeline` does, holding only what the window shows: the
 * calls still pending, and one bar per row and pixel column (the calls starting there merged), so a
 * million-entry run costs its rows times `width` bars, never an object per call. `hint` gives the
 * run's start and end when the window is the whole run (they fix the columns before the end is read).
 */
export function createTimelineSummarizer(
  window: TimelineWindow,
  hint: { runStart: number; runEnd: number },
): TimelineSummarizer {
  const width = Math.max(1, Math.floor(window.width));
  const from = window.from ?? hint.runStart;
  const to = Math.max(from + 1, window.to ?? hint.runEnd);
  const msPerColumn = (to - from) / width;
  let runStart = 0;
  let runEnd = 0;
  let callCount = 0;
  const laneIndexByProvider = new Map<string, number>();
  const laneRowEnds: number[][] = [];
  const pending = new Map<string, Pending>();
  const recent = new Map<string, Pending>();
  const buckets = new Map<string, TimelineSummaryBar>();
  const compute: TimelineSpan[] = [];
  let idleSince = hint.runStart;

  const addCompute = (spans: TimelineSpan[], start: number, end: number) => {
    if (end <= start || end < from || start > to) return;
    const last = spans[spans.length - 1];
    if (last && start - last.end < msPerColumn) last.end = Math.max(last.end, end);
    else spans.push({ start, end });
  };

  const place = (into: Map<string, TimelineSummaryBar>, entry: Pending, end: number, open: boolean) => {
    const start = entry.call.startedAt;
    if (end < from || start > to) return;
    const column = Math.min(width - 1, Math.max(0, Math.floor((start - from) / msPerColumn)));
    const key = `${entry.laneIndex}:${entry.row}:${column}`;
    const bar = into.get(key);
    if (!bar) {
      const { call, laneIndex, row } = entry;
      into.set(key, { call, laneIndex, row, globalRow: 0, start, end, open, calls: 1 });
      return;
    }
    bar.calls += 1;
    bar.end = Math.max(bar.end, end);
    bar.open ||= open;
    // A merged bar shows as failed when any of its calls failed.
    if (entry.call.outcome && !entry.call.outcome.ok && bar.call.outcome?.ok) bar.call = entry.call;
  };

  return {
    add(entry) {
      runEnd = Math.max(runEnd, entry.at);
      if (entry.kind === 'message' && entry.message.type === 'started') {
        runStart = entry.at;
        if (pending.size === 0) idleSince = entry.at;
      }
      if (entry.kind === 'event') {
        const callId = 'callId' in entry.event ? entry.event.callId : undefined;
        if (callId === undefined) return;
        const known = pending.get(callId) ?? recent.get(callId);
        if (!known) return;
        applyEntryToCall(entry, known.call);
        return;
      }
      const message = entry.message;
      if (message.type === 'tool_call') {
        if (pending.has(message.callId)) return;
        const call = startTranscriptCall(message, entry.at);
        callCount += 1;
        let laneIndex = laneIndexByProvider.get(call.providerName);
        if (laneIndex === undefined) {
          laneIndex = laneRowEnds.length;
          laneIndexByProvider.set(call.providerName, laneIndex);
          laneRowEnds.push([]);
        }
        const rowEnds = laneRowEnds[laneIndex]!;
        // A pending call holds its row until its result comes (then its end frees it).
        let row = rowEnds.findIndex((rowEnd) => rowEnd <= call.startedAt);
        if (row < 0) row = rowEnds.push(Number.POSITIVE_INFINITY) - 1;
        else rowEnds[row] = Number.POSITIVE_INFINITY;
        if (pending.size === 0) addCompute(compute, idleSince, call.startedAt);
        pending.set(call.callId, { call, laneIndex, row });
      } else if (message.type === 'tool_result') {
        const known = pending.get(message.callId);
        if (!known) return;
        pending.delete(message.callId);
        applyEntryToCall(entry, known.call);
        const end = Math.max(known.call.startedAt, entry.at);
        laneRowEnds[known.laneIndex]![known.row] = end;
        place(buckets, known, end, false);
        recent.set(message.callId, known);
        if (recent.size > RECENTLY_ENDED) recent.delete(recent.keys().next().value!);
        if (pending.size === 0) idleSince = end;
      }
    },
    summary() {
      // Calls still pending and the compute since the last call are laid out on copies: the
      // summarizer itself stays as it was, for the entries a run still going adds next.
      const shown = new Map([...buckets].map(([key, bar]) => [key, { ...bar }]));
      for (const open of pending.values()) place(shown, open, Math.max(open.call.startedAt, runEnd), true);
      const spans = compute.map((span) => ({ ...span }));
      if (pending.size === 0) addCompute(spans, idleSince, runEnd);
      const { lanes, totalRows } = stackLanes(laneIndexByProvider, laneRowEnds);
      const bars = [...shown.values()].sort((a, b) => a.start - b.start);
      for (const bar of bars) bar.globalRow = lanes[bar.laneIndex]!.firstRow + bar.row;
      return { lanes, bars, compute: spans, runStart, runEnd, totalRows, callCount, from, to, width };
    },
  };
}
