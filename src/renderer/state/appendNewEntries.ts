import type { TranscriptEntry } from '../../shared/transcript';

/**
 * `held` followed by what `batch` adds past its last entry: a transcript fetched while the run went
 * on already holds the batch the host had not sent yet, which then arrives as live entries too.
 */
export function appendNewEntries(
  held: TranscriptEntry[],
  batch: readonly TranscriptEntry[],
): TranscriptEntry[] {
  const last = held.at(-1)?.seq;
  if (last === undefined || (batch[0]?.seq ?? Infinity) > last)
    return batch.length === 0 ? held : held.concat(batch);
  const fresh = batch.filter((entry) => entry.seq > last);
  return fresh.length === 0 ? held : held.concat(fresh);
}
