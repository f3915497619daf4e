import type { TranscriptRange } from '../../../shared/api/runs';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';

/** The entries `range` asks for (all of them without one); a malformed range is refused by name. */
export function transcriptSlice<T>(
  entries: { readonly count: number; page(from: number, to: number): T[] },
  range: unknown,
): T[] {
  const { from, to } = checkTranscriptRange(range, entries.count);
  return entries.page(from, to);
}

/** Where the page `range` asks for starts and ends (the whole transcript without one). */
export function checkTranscriptRange(range: unknown, count: number): { from: number; to: number } {
  if (range === undefined) return { from: 0, to: count };
  if (typeof range !== 'object' || range === null || Array.isArray(range))
    throw new InvalidArgumentError('the transcript range must be an object such as { from: 0, limit: 5000 }');
  const {
    from = 0,
    limit = Math.max(1, count),
    ...rest
  } = range as Partial<Record<keyof TranscriptRange, unknown>>;
  const unknownKey = Object.keys(rest)[0];
  if (unknownKey !== undefined)
    throw new InvalidArgumentError(
      `the transcript range has an unknown field "${unknownKey}" (it takes from and limit)`,
    );
  if (!Number.isSafeInteger(from) || (from as number) < 0)
    throw new InvalidArgumentError('the transcript range\u2019s from must be a whole number of 0 or more');
  if (!Number.isSafeInteger(limit) || (limit as number) < 1)
    throw new InvalidArgumentError('the transcript range\u2019s limit must be a whole number of 1 or more');
  return { from: from as number, to: (from as number) + (limit as number) };
}
