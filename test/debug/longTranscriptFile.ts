import { open } from 'node:fs/promises';
import type { TranscriptEntry } from '../../src/shared/transcript';
import type { TranscriptHeader } from '../../src/shared/transcriptFile';

/**
 * Writes a saved transcript of `calls` tool calls modelled on a short real one (`entries`, a run of
 * one call): its lines before the first call, the call's lines again and again under new callIds,
 * seqs and times (a call every ms, each lasting 0.5 ms), then its lines after the call. Returns the number of entries.
 */
export async function writeLongTranscript(
  file: string,
  header: TranscriptHeader,
  entries: readonly TranscriptEntry[],
  calls: number,
  change: (index: number, entry: TranscriptEntry) => TranscriptEntry = (_, entry) => entry,
): Promise<number> {
  const first = entries.findIndex((entry) => entry.kind === 'message' && entry.message.type === 'tool_call');
  const last = entries.findIndex((entry) => entry.kind === 'message' && entry.message.type === 'tool_result');
  const call = entries[first]!;
  const callId = call.kind === 'message' && call.message.type === 'tool_call' ? call.message.callId : '';
  const body = entries.slice(first, last + 1).map((entry) => JSON.stringify(entry));
  // Each call lasts half a millisecond, whatever the sample took.
  const took = Math.max(1e-9, entries[last]!.at - call.at);
  const handle = await open(file, 'wx');
  let seq = 0;
  let lines: string[] = [JSON.stringify(header)];
  const add = (entry: TranscriptEntry) => lines.push(JSON.stringify({ ...entry, seq: seq++ }));
  const flush = async () => {
    await handle.write(`${lines.join('\n')}\n`);
    lines = [];
  };
  try {
    for (const entry of entries.slice(0, first)) add(entry);
    const start = call.at;
    for (let index = 0; index < calls; index += 1) {
      for (const line of body) {
        const entry = JSON.parse(line.replaceAll(JSON.stringify(callId), JSON.stringify(`call-${index}`)));
        add(change(index, { ...entry, at: start + index + ((entry.at - start) / took) * 0.5 }));
      }
      if (lines.length > 10_000) await flush();
    }
    for (const entry of entries.slice(last + 1)) add({ ...entry, at: start + calls + 1 });
    await flush();
  } finally {
    await handle.close();
  }
  return seq;
}
