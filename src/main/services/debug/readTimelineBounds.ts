import type { TranscriptSourceReader } from './transcriptSourceReader';

/** Entries looked at for the run's `started` (it comes right after the execute). */
const HEAD = 64;

/** When a transcript's first `count` entries start (its `started`) and end (the last one's time). */
export async function readTimelineBounds(
  reader: Pick<TranscriptSourceReader, 'page'>,
  count: number,
): Promise<{ runStart: number; runEnd: number }> {
  const head = await reader.page(0, Math.min(count, HEAD));
  const started = head.entries.find((entry) => entry.kind === 'message' && entry.message.type === 'started');
  const last = count > 0 ? (await reader.page(count - 1, count)).entries[0] : undefined;
  return { runStart: started?.at ?? 0, runEnd: last?.at ?? started?.at ?? 0 };
}
