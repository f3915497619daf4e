import type { TranscriptSearchAnswer } from '../../../shared/api/runs';
import type { TranscriptEntry } from '../../../shared/transcript';
import { TranscriptRowsBuilder } from '../../../shared/view/describeEntries';
import { matchTranscriptRow } from '../../../shared/view/matchTranscriptRow';
import type { QueryTerm } from '../../../shared/view/parseTranscriptQuery';

/** A transcript read as its JSON lines, a range at a time. */
export interface TranscriptLines {
  readonly count: number;
  /** The JSON of entries `from` up to (not including) `to`, one string each. */
  lines(from: number, to: number): string[];
  /** Entry numbers that may belong to call `callId` (every one that does), when the transcript is indexed by call. */
  entriesOfCall?(callId: string): number[];
}

/** Lines read and matched per step; the event loop gets a turn between steps. */
const CHUNK = 4_096;
/** Entries read on either side of a step, so a call's row knows its result and a result its call. */
const CONTEXT = 64;

/**
 * Finds the match of `terms` next after entry `from` in `direction` (wrapping round the end) and
 * counts every match (with `all`, lists them: a filtered table's rows), reading the transcript a chunk at a time: memory stays what one chunk takes,
 * whatever its length. A chunk is parsed only when one of its lines holds all the literal text the
 * query needs (free text, a call id); a query naming one call in a transcript indexed by call reads
 * only the chunks holding that call's entries.
 */
export async function searchTranscript(
  transcript: TranscriptLines,
  terms: readonly QueryTerm[],
  from: number,
  direction: 1 | -1,
  all = false,
): Promise<TranscriptSearchAnswer> {
  const count = transcript.count;
  const needles = literalNeedles(terms);
  let total = 0;
  let first: number | null = null;
  let last: number | null = null;
  let after: number | null = null;
  let before: number | null = null;
  const indexes: number[] = [];
  const callEntries = entriesOfNamedCall(transcript, terms, count);
  const callChunks = callEntries && new Set([...callEntries].map((index) => index - (index % CHUNK)));
  for (let start = 0; start < count; start += CHUNK) {
    if (callChunks && !callChunks.has(start)) continue;
    const end = Math.min(count, start + CHUNK);
    const windowStart = Math.max(0, start - CONTEXT);
    const lines = transcript.lines(windowStart, Math.min(count, end + CONTEXT));
    const candidates: number[] = [];
    for (let index = start; index < end; index++) {
      if (callEntries && !callEntries.has(index)) continue;
      const line = lines[index - windowStart]!;
      if (needles.every((needle) => needle.test(line))) candidates.push(index);
    }
    if (candidates.length > 0) {
      const entries = lines.map((line) => JSON.parse(line) as TranscriptEntry);
      const rows = new TranscriptRowsBuilder().update(entries);
      for (const index of candidates) {
        if (!matchTranscriptRow(rows[index - windowStart]!, terms)) continue;
        total += 1;
        if (all) indexes.push(index);
        first ??= index;
        last = index;
        if (index > from && after === null) after = index;
        if (index < from) before = index;
      }
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  const index = direction === 1 ? (after ?? first) : (before ?? last);
  return all ? { index, total, count, indexes } : { index, total, count };
}

/** With a query that names one call exactly, the entries that may be that call's (null: any may match). */
function entriesOfNamedCall(
  transcript: TranscriptLines,
  terms: readonly QueryTerm[],
  count: number,
): Set<number> | null {
  if (!transcript.entriesOfCall) return null;
  for (const term of terms)
    if (term.kind === 'field' && term.key === 'call' && !term.negated && !term.pattern.includes('*'))
      return new Set(transcript.entriesOfCall(term.pattern).filter((index) => index < count));
  return null;
}

/** Text every matching entry's JSON holds (case aside): its free-text terms and exact call ids. */
function literalNeedles(terms: readonly QueryTerm[]): RegExp[] {
  const needles: string[] = [];
  for (const term of terms) {
    if (term.negated) continue;
    if (term.kind === 'text') needles.push(term.text);
    else if (term.kind === 'field' && term.key === 'call' && !term.pattern.includes('*'))
      needles.push(term.pattern);
  }
  return needles
    .filter((needle) => needle !== '')
    .map((needle) => new RegExp(needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'));
}
