import type { TranscriptEntry } from '../../../shared/transcript';
import type { TranscriptHeader, TranscriptProblem } from '../../../shared/transcriptFile';

/** A run's or a saved file's transcript, read a page at a time (never whole). */
export interface TranscriptSourceReader {
  header: TranscriptHeader | null;
  count: number;
  /** Entries `from` up to `to`; a file's page stops at its first bad line, named in `problems`. */
  page(from: number, to: number): Promise<{ entries: TranscriptEntry[]; problems: TranscriptProblem[] }>;
  /** Lets go of the run (a kept run's transcript stays readable until then, even if dropped meanwhile). */
  close(): void;
  /** Set when the source is a run still going: its id (`count` is how far it had got when opened). */
  liveRunId?: string;
}

/** Entries read at once when a whole transcript is walked: what a walk holds at most. */
export const WALK_PAGE = 2000;

/**
 * Hands every entry of `reader` to `visit`, a page at a time, letting other work run between pages;
 * stops at the first bad line and returns what broke (empty when every entry was read).
 */
export async function walkTranscript(
  reader: Pick<TranscriptSourceReader, 'count' | 'page'>,
  visit: (entry: TranscriptEntry) => void,
): Promise<TranscriptProblem[]> {
  return walkTranscriptPages(reader, async (entries) => entries.forEach(visit));
}

/** As `walkTranscript`, a page of entries at a time: entries `from` up to `count` (the rest, by default). */
export async function walkTranscriptPages(
  reader: Pick<TranscriptSourceReader, 'count' | 'page'>,
  visit: (entries: TranscriptEntry[]) => Promise<void>,
  count = reader.count,
  from = 0,
): Promise<TranscriptProblem[]> {
  for (let at = from; at < count; at += WALK_PAGE) {
    const { entries, problems } = await reader.page(at, Math.min(count, at + WALK_PAGE));
    await visit(entries);
    if (problems.length > 0) return problems;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return [];
}
