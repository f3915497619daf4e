import type { ExecuteResult } from '../../../shared/executeResult';
import type { TranscriptEntry } from '../../../shared/transcript';

/**
 * Entries as a page gets them: a done message whose value is the run's result's value (the same
 * object) leaves it out, marked `valueInResult`, since the result carries it. A 4 MB value sent
 * twice was parsed twice and held twice by the page.
 */
export function entriesForPage(
  entries: TranscriptEntry[],
  result: ExecuteResult | undefined,
): TranscriptEntry[] {
  if (!result?.ok || result.result === undefined) return entries;
  const value = result.result;
  const index = entries.findLastIndex(
    (entry) =>
      entry.kind === 'message' &&
      entry.message.type === 'done' &&
      entry.message.ok &&
      entry.message.result === value,
  );
  const done = entries[index];
  if (done?.kind !== 'message' || done.message.type !== 'done' || !done.message.ok) return entries;
  const { result: _value, ...message } = done.message;
  return entries.with(index, { ...done, message, valueInResult: true });
}
