import { appendFile, readdir, readFile, truncate, writeFile } from 'node:fs/promises';
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

  it('serve pages of a run and of its saved file alike, without loading the rest', async () => {
    const { run } = await fileBacked({ noSecrets: true });
    const { runId, transcript } = await run(300);
    const file = path.join(harness.dir, 'paged.jsonl');
    await harness.debug.saveTranscript(runId, { file });
    const fromRun = await harness.debug.transcriptPage({ runId }, { from: 100, limit: 50 });
    const fromFile = await harness.debug.transcriptPage({ file }, { from: 100, limit: 50 });
    expect(fromRun.count).toBe(transcript.count);
    expect(fromFile).toMatchObject({ count: transcript.count, problems: [] });
    expect(fromFile.header).toEqual(expect.objectContaining({ runId, code: fromRun.header?.code }));
    expect(fromFile.entries).toEqual(transcript.page(100, 150));
    expect(fromRun.entries).toEqual(fromFile.entries);
    const end = await harness.debug.transcriptPage({ file }, { from: transcript.count - 3, limit: 50 });
    expect(end.entries.map((entry) => entry.seq)).toEqual([0, 1, 2].map((i) => transcript.count - 3 + i));
    await expect(harness.debug.transcriptPage({ file }, { from: -1 })).rejects.toThrow(/whole number/);
  });

  it('name the line where a saved file breaks, and read a file again once it changed', async () => {
    const { run } = await fileBacked({ noSecrets: true });
    const { runId, transcript } = await run(100);
    const file = path.join(harness.dir, 'broken.jsonl');
    await harness.debug.saveTranscript(runId, { file });
    const text = await readFile(file, 'utf8');
    const lines = text.split('\n');
    lines[51] = '{"kind":"message","seq":';
    await writeFile(file, lines.join('\n'));
    const broken = await harness.debug.transcriptPage({ file }, { from: 40, limit: 20 });
    expect(broken.entries.map((entry) => entry.seq)).toEqual(Array.from({ length: 10 }, (_, i) => 40 + i));
    expect(broken.problems).toEqual([{ line: 52, reason: expect.stringMatching(/invalid JSON/) }]);
    await writeFile(file, text);
    await truncate(file, text.length - 30);
    const cut = await harness.debug.transcriptPage({ file }, { from: transcript.count - 2, limit: 5 });
    expect(cut.entries).toHaveLength(1);
    expect(cut.problems[0]).toMatchObject({
      line: transcript.count + 1,
      reason: expect.stringMatching(/invalid JSON/),
    });
    await appendFile(file, 'x'.repeat(30));
    const changed = await harness.debug.transcriptPage({ file }, { from: 0, limit: 1 });
    expect(changed.count).toBe(transcript.count);
    await writeFile(file, 'not a transcript\n');
    expect((await harness.debug.transcriptPage({ file })).problems[0]).toMatchObject({ line: 1 });
  });
});
