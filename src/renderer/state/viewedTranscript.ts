import type { TranscriptSource } from '../../shared/api/debug';
import { describeRunOrigin } from '../../shared/format';
import type { TranscriptEntry } from '../../shared/transcript';
import type { RunView } from './runView';
import { useCurrentRun } from './store';
import { useTranscriptFocus } from './transcriptFocus';
import { useDebugStore } from './debugStore';

export interface ViewedTranscript {
  /** Changes when another transcript is shown (a selection belongs to one transcript). */
  key: string;
  source: 'run' | 'opened';
  label: string;
  entries: readonly TranscriptEntry[];
  /** The code the transcript ran, when known. */
  code?: string;
  /** Entry number of `entries[0]`: a long transcript's earlier entries stay on the host (0 when all are held). */
  firstIndex: number;
  /** The run shown, when it is one (its pages come from the host). */
  runId?: string;
  /** Where the host reads the transcript (a run, going or finished; an opened file). */
  hostSource?: TranscriptSource;
  /** The run is still going: what the host lays out of it is as far as it has got. */
  live?: boolean;
  /** The transcript is still arriving page by page (after a reload): how far, of how many. */
  loading?: RunView['loading'];
}

/**
 * The one transcript the table, step-through, timeline and diff show: the opened file when the
 * person opened one (until the next run starts), else the current run.
 */
export function useViewedTranscript(): ViewedTranscript | null {
  const run = useCurrentRun();
  const opened = useDebugStore((s) => s.opened);
  const viewing = useDebugStore((s) => s.viewing);
  if (opened && (viewing === 'opened' || !run))
    return {
      key: `opened:${opened.openedAt}:${opened.label}`,
      source: 'opened',
      label: opened.label,
      entries: opened.entries,
      firstIndex: opened.firstIndex,
      ...(opened.header ? { code: opened.header.code } : {}),
      ...(opened.source ? { hostSource: opened.source } : {}),
    };
  if (!run) return null;
  return {
    key: runTranscriptKey(run.runId),
    source: 'run',
    label: 'current run',
    entries: run.entries,
    firstIndex: run.firstIndex ?? 0,
    runId: run.runId,
    ...(run.request ? { code: run.request.code } : {}),
    ...(run.loading ? { loading: run.loading } : {}),
    // The host has the whole run so far, even while the page is still loading it (after a reload).
    hostSource: { runId: run.runId },
    ...(run.result ? {} : { live: true }),
  };
}

/** The key of a run's transcript (views that derive from it share their work under it). */
export function runTranscriptKey(runId: string): string {
  return `run:${runId}`;
}

/** Selects a call in every view: the transcript table scrolls to its tool_call row. */
export function selectCall(callId: string): void {
  useDebugStore.setState({ selectedCallId: callId });
  useTranscriptFocus.getState().jumpToCall(callId);
}

/** The table's own row click: the other views follow, the table keeps the row it clicked. */
export function markCallSelected(callId: string): void {
  useDebugStore.setState({ selectedCallId: callId });
}

export function showTranscript(viewing: 'run' | 'opened'): void {
  useDebugStore.setState({ viewing, selectedCallId: null });
}

/** The current run as the transcript picker names it, with whose it is: "current run · model: gpt". */
export function currentRunLabel(run: Pick<RunView, 'origin' | 'request'>): string {
  return `current run · ${describeRunOrigin(run.origin ?? run.request?.origin)}`;
}

/**
 * The choice of transcript every view offers (ui/TranscriptPicker) when both the current run and an
 * opened transcript exist; null otherwise.
 */
export function useTranscriptChoice(): {
  openedLabel: string;
  /** The current run and whose it is: "current run · you", "current run · model: gpt". */
  runLabel: string;
  showing: 'run' | 'opened';
  show(viewing: 'run' | 'opened'): void;
} | null {
  const run = useCurrentRun();
  const opened = useDebugStore((s) => s.opened);
  const viewed = useViewedTranscript();
  if (!run || !opened || !viewed) return null;
  return {
    openedLabel: opened.label,
    runLabel: currentRunLabel(run),
    showing: viewed.source,
    show: showTranscript,
  };
}
