import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import type { TranscriptSourceReader } from '../../src/main/services/debug/transcriptSourceReader';
import {
  createTranscriptStore,
  type TranscriptStore,
} from '../../src/main/services/runs/createTranscriptStore';
import type { TranscriptEntry } from '../../src/shared/transcript';

let stores: TranscriptStore[] = [];
afterEach(() => {
  for (const store of stores) store.release();
  stores = [];
});

/** A run's store as it records: started at 0, then calls made with `call` and answered with `answer`. */
export function recordingRun() {
  const store = createTranscriptStore({
    memoryEntries: 500,
    filePath: () => path.join(tmpdir(), `live-run-${randomUUID()}.jsonl`),
  });
  stores.push(store);
  let seq = 0;
  const add = (at: number, message: { type: string; [field: string]: unknown }) =>
    store.add({
      kind: 'message',
      seq: seq++,
      at,
      direction: message.type === 'tool_result' ? 'host_to_runner' : 'runner_to_host',
      message,
    } as TranscriptEntry);
  add(0, { type: 'started', id: 'exec-1' });
  return {
    store,
    call: (n: number, at: number) =>
      add(at, {
        type: 'tool_call',
        callId: `call-${n}`,
        providerName: 'demo',
        safeToolName: 'echo',
        input: { n },
      }),
    answer: (n: number, at: number) =>
      add(at, { type: 'tool_result', callId: `call-${n}`, ok: true, result: n }),
    /** Calls `from` up to `to`, one a ms, each answered half a ms later. */
    calls(from: number, to: number) {
      for (let n = from; n < to; n += 1) {
        this.call(n, n + 1);
        this.answer(n, n + 1.5);
      }
    },
  };
}

/** The store read as the debug service reads a run still going: its count now, counting entries read. */
export function liveReader(store: TranscriptStore, seen: { read: number }): TranscriptSourceReader {
  return {
    header: null,
    count: store.count,
    liveRunId: 'run-1',
    async page(from, to) {
      const entries = store.page(from, to);
      seen.read += entries.length;
      return { entries, problems: [] };
    },
    close: () => undefined,
  };
}
