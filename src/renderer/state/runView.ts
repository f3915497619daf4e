import type { RunOrigin, RunRequest } from '../../shared/api/runs';
import type { ExecuteResult } from '../../shared/executeResult';
import type { RunFacts } from '../../shared/runOutcome';
import type { TranscriptEntry } from '../../shared/transcript';

/** What the UI knows about one run: its request, the live transcript and, once done, the result. */
export interface RunView {
  runId: string;
  request?: RunRequest;
  /** Who started it (the person's when absent). */
  origin?: RunOrigin;
  /** What it ran, for lists: the snippet's name, an agent's task, a tap's name (from the host). */
  name?: string;
  /** The workspace file open when it started (from the host). */
  workspacePath?: string;
  /** Date.now() when the UI first heard of the run (for the elapsed-time display). */
  seenAt: number;
  /** The run's latest entries (at most 2 × HELD_TAIL): the rest stay on the host, paged on demand. */
  entries: TranscriptEntry[];
  /** Entry number of `entries[0]`: how many earlier entries the page does not hold (0 when absent). */
  firstIndex?: number;
  result?: ExecuteResult;
  /** What the host measured and why it cancelled (absent from hosts that predate it). */
  facts?: RunFacts;
  /** Date.now() when the result arrived (or when the host went away). */
  finishedAt?: number;
  /** Its transcript is being fetched page by page (after a reload): how far, of how many. */
  loading?: { loaded: number; total?: number };
  /** Live batches that came while `loading`: added after the last page. */
  liveDuringLoad?: TranscriptEntry[];
  /** The host stopped, or the page lost it, before the run finished: no result will come. */
  hostStopped?: true;
}
