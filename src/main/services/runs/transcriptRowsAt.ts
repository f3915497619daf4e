import { TRANSCRIPT_ROWS_LIMIT } from '../../../shared/api/runs';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import type { TranscriptEntry } from '../../../shared/transcript';
import { TranscriptRowsBuilder, type TranscriptRow } from '../../../shared/view/describeEntries';
import type { TranscriptLines } from './searchTranscript';

/** Entries read on either side of the entries asked for, so a call's row knows its result and a result its call. */
const CONTEXT = 64;

/** The entry numbers a page asks rows for, refused by name when malformed. */
export function checkRowIndexes(indexes: unknown): number[] {
  if (!Array.isArray(indexes) || indexes.length > TRANSCRIPT_ROWS_LIMIT)
    throw new InvalidArgumentError(
      `indexes must be a list of at most ${TRANSCRIPT_ROWS_LIMIT} entry numbers`,
    );
  for (const index of indexes)
    if (!Number.isSafeInteger(index) || (index as number) < 0)
      throw new InvalidArgumentError('indexes must be whole numbers of 0 or more');
  return indexes as number[];
}

/**
 * The rows of the entries numbered `indexes` (in that order; past the end, none), each described
 * with CONTEXT entries either side: entries close together are read in one range.
 */
export function transcriptRowsAt(transcript: TranscriptLines, indexes: readonly number[]): TranscriptRow[] {
  const wanted = [...new Set(indexes)].filter((index) => index < transcript.count).sort((a, b) => a - b);
  const rows = new Map<number, TranscriptRow>();
  for (let first = 0; first < wanted.length;) {
    let last = first;
    while (last + 1 < wanted.length && wanted[last + 1]! - wanted[last]! <= 2 * CONTEXT) last += 1;
    const from = Math.max(0, wanted[first]! - CONTEXT);
    const lines = transcript.lines(from, Math.min(transcript.count, wanted[last]! + CONTEXT + 1));
    const built = new TranscriptRowsBuilder().update(
      lines.map((line) => JSON.parse(line) as TranscriptEntry),
    );
    for (let at = first; at <= last; at++) rows.set(wanted[at]!, built[wanted[at]! - from]!);
    first = last + 1;
  }
  return indexes.flatMap((index) => rows.get(index) ?? []);
}
