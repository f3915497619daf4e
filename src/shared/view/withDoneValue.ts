import type { ExecuteResult } from '../executeResult';
import type { TranscriptEntry } from '../transcript';

/** `entries` with the done message's value back in place where the host left it to the result. */
export function withDoneValue(
  entries: TranscriptEntry[],
  result: ExecuteResult | undefined,
): TranscriptEntry[] {
  if (!result?.ok) return entries;
  const index = entries.findLastIndex((entry) => entry.kind === 'message' && entry.valueInResult);
  const sent = entries[index];
  if (sent?.kind !== 'message' || sent.message.type !== 'done' || !sent.message.ok) return entries;
  const { valueInResult: _marker, message, ...done } = sent;
  return entries.with(index, { ...done, message: { ...message, result: result.result } });
}
