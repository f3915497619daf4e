import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TranscriptReader } from '../../src/main/services/runs/createTranscriptStore';
import { diffTranscripts } from '../../src/shared/transcriptDiff';
import { parseTranscript } from '../../src/shared/transcriptFile';
import { createDebugHostHarness, SECRET } from './debugHostHarness';
import { createScriptedExecutor } from './scriptedExecutor';

const echoes = (count: number) =>
  JSON.stringify({
    calls: Array.from({ length: count }, (_, i) => ({ provider: 'demo', tool: 'echo', input: { i } })),
  });

let harness: Awaited<ReturnType<typeof createDebugHostHarness>>;
afterEach(async () => harness?.dispose());

/** A harness whose runs move to a file past 20 entries, with the transcripts its runs finished with. */
async function fileBacked(more: { noSecrets?: boolean; keep?: number } = {}) {
  harness = await createDebugHostHarness(
    createScriptedExecutor(),
    {},
    {
      runs: { transcriptMemoryEntries: 20, ...(more.keep ? { keepFinishedRuns: more.keep } : {}) },
      ...(more.noSecrets ? { noSecrets: true } : {}),
    },
  );
  const finished = new Map<string, TranscriptReader>();
  harness.addExtension({
    prepareRun: () => undefined,
    finishRun: (runId, transcript) => finished.set(runId, transcript),
  });
  const run = async (calls: number) => {
    const { runId } = await harness.runs.start({ code: echoes(calls) });
    await harness.finished(runId);
    return { runId, transcript: finished.get(runId)! };
  };
  return { run };
}

const storeFiles = async (dir: string) => {
  const scratch = (await readdir(dir)).find((name) => name.startsWith('execbox-transcripts-'));
  return scratch ? readdir(path.join(dir, scratch)) : [];
};

describe('runs whose transcripts live in a file', () => {
  it('hold a bounded number of entries in memory however long, and files only for the runs kept', async () => {
    const { run } = await fileBacked({ keep: 3 });
    const long = await run(300);
    expect(long.transcript.count).toBeGreaterThan(600);
    expect(long.transcript.entriesInMemory).toBe(1);
    const pages = await harness.runs.transcript(long.runId, { from: 500, limit: 50 });
    expect(pages.map((entry) => entry.seq)).toEqual(Array.from({ length: 50 }, (_, i) => 500 + i));
    const later: TranscriptReader[] = [];
    for (let i = 0; i < 6; i++) later.push((await run(40 + i)).transcript);
    // The runs no longer kept hold nothing; the kept ones their done message only.
    expect(later.map((transcript) => transcript.entriesInMemory)).toEqual([0, 0, 0, 1, 1, 1]);
    expect(long.transcript.entriesInMemory).toBe(0);
    expect(await storeFiles(harness.dir)).toHaveLength(3);
    const listed = await harness.runs.list();
    expect(listed.map((summary) => summary.entryCount)).toEqual(later.slice(3).map((t) => t.count));
    await expect(harness.runs.transcript(long.runId)).rejects.toThrow(/no run with id/);
  });

  it('save as a copy of their lines, and open, diff, replay and export as before', async () => {
    const { run } = await fileBacked({ noSecrets: true });
    const { runId, transcript } = await run(100);
    const file = path.join(harness.dir, 'copy.jsonl');
    await harness.debug.saveTranscript(runId, { file });
    const lines = (await readFile(file, 'utf8')).split('\n');
    expect(lines.slice(1, -1)).toEqual(
      transcript.page(0, transcript.count).map((entry) => JSON.stringify(entry)),
    );
    const fromFile = await harness.debug.openTranscript({ file });
    const fromRun = await harness.debug.openTranscript({ runId });
    expect(fromFile.problems).toEqual([]);
    expect(fromFile.entries).toEqual(fromRun.entries);
    expect(diffTranscripts(fromFile.entries, fromRun.entries).firstDifference).toBeUndefined();
    const html = (await harness.debug.exportHtml({ runId }, {})).html;
    expect(html).toContain('call-100');
    const replayed = await harness.debug.replay({ runId }, 'recording');
    const checked = harness.replayChecked(replayed.runId);
    await harness.finished(replayed.runId);
    expect(await checked).toMatchObject({ ok: true });
  });

  it('mask secrets page by page when saved', async () => {
    const { run } = await fileBacked();
    const { runId, transcript } = await run(100);
    const file = path.join(harness.dir, 'masked.jsonl');
    await harness.debug.saveTranscript(runId, { file, sensitiveKeys: ['i'] });
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(SECRET);
    const parsed = parseTranscript(text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.entries).toHaveLength(transcript.count);
    expect(parsed.header?.masked).toEqual({ keys: ['i'], secretValues: 1 });
  });
});
