import type { TranscriptEntry } from '../../../shared/transcript';
import type { TranscriptDiff } from '../../../shared/transcriptDiff';

/**
 * What the page sends the diff worker: the two runs' entries in parts (each part copied in a task
 * of its own, so no one task copies two 20,000-call runs at once), then `compare`. A request with
 * a newer id replaces an unfinished older one.
 */
export type DiffWorkerRequest =
  | { id: number; type: 'entries'; side: 'left' | 'right'; entries: readonly TranscriptEntry[] }
  | { id: number; type: 'compare'; codes: { left?: string; right?: string } };

/**
 * The worker's answer: the diff without the rows' values (the page shows the values through the
 * messages text; copying them back as objects held the page up), each row's `left` / `right` only
 * `true` where that side has the row.
 */
export interface DiffWorkerAnswer {
  id: number;
  diff: TranscriptDiff;
}

/** Entries per part: a part is copied to the worker in a few milliseconds. */
export const DIFF_ENTRIES_PER_PART = 5_000;
