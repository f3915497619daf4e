import type { TranscriptDiffPage } from '../../../shared/api/debug';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import { alignDiffSides, type DiffAlignment } from './alignDiffSides';
import { collectDiffSide, type DiffSide } from './collectDiffSide';
import type { LiveDiffSides } from './createLiveDiffSides';
import { readDiffRows } from './readDiffRows';
import type { TranscriptSourceReader } from './transcriptSourceReader';
import { checkTranscriptRange } from '../runs/transcriptSlice';

/** Comparisons kept (numbers only) so paging through one does not compare the runs again. */
const KEPT = 2;
const DEFAULT_ROWS = 500;
const MAX_ROWS = 2_000;

interface Compared {
  sides: { left: DiffSide; right: DiffSide };
  alignment: DiffAlignment;
}

/**
 * Diffs of two runs or saved files, computed on the host streaming over both (a few numbers per
 * tool call kept, never the entries), and handed over a page of aligned rows at a time.
 */
export function createTranscriptDiffs(
  readerOf: (source: unknown) => Promise<TranscriptSourceReader>,
  /** A run still going: its side collected from where the last request left off. */
  liveSides?: LiveDiffSides,
) {
  const collect = (reader: TranscriptSourceReader) =>
    reader.liveRunId !== undefined && liveSides
      ? liveSides.collect(reader.liveRunId, reader)
      : collectDiffSide(reader);

  const kept = new Map<string, Promise<Compared>>();

  async function compare(key: string, left: TranscriptSourceReader, right: TranscriptSourceReader) {
    const known = kept.get(key);
    if (known) return known;
    const made = (async (): Promise<Compared> => {
      const sides = { left: await collect(left), right: await collect(right) };
      return { sides, alignment: alignDiffSides(sides.left, sides.right) };
    })();
    kept.set(key, made);
    made.catch(() => kept.delete(key));
    for (const oldest of kept.keys()) if (kept.size > KEPT) kept.delete(oldest);
    return made;
  }

  return async function transcriptDiff(
    leftSource: unknown,
    rightSource: unknown,
    range: unknown,
  ): Promise<TranscriptDiffPage> {
    const left = await readerOf(leftSource);
    try {
      const right = await readerOf(rightSource);
      try {
        // A file read again after it changed has another count, so it is compared again.
        const key = JSON.stringify([leftSource, left.count, rightSource, right.count]);
        const { sides, alignment } = await compare(key, left, right);
        const { from, to } = checkTranscriptRange(range ?? { limit: DEFAULT_ROWS }, alignment.rowCount);
        if (to - from > MAX_ROWS)
          throw new InvalidArgumentError(`a diff page holds at most ${MAX_ROWS} rows (limit ${to - from})`);
        const rows = await readDiffRows(alignment, sides, { left, right }, from, to);
        let next = Math.min(to, alignment.rowCount);
        while (next < alignment.rowCount && alignment.same[next] === 1) next += 1;
        const side = (reader: TranscriptSourceReader, collected: DiffSide) => ({
          code: reader.header?.code ?? collected.code ?? '',
          result: collected.done ? pretty(collected.done.value) : '(none)',
        });
        return {
          alignedBy: alignment.alignedBy,
          rowCount: alignment.rowCount,
          differences: alignment.differences,
          ...(alignment.firstDifference !== undefined ? { firstDifference: alignment.firstDifference } : {}),
          left: side(left, sides.left),
          right: side(right, sides.right),
          from,
          ...(next < alignment.rowCount ? { nextDifference: next } : {}),
          rows,
          problems: { left: sides.left.problems, right: sides.right.problems },
        };
      } finally {
        right.close();
      }
    } finally {
      left.close();
    }
  };
}

function pretty(value: unknown): string {
  return value === undefined ? '(none)' : (JSON.stringify(value, null, 2) ?? String(value));
}
