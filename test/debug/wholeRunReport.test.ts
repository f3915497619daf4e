import path from 'node:path';
import { readFile, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { transcriptHtmlWriter } from '../../src/main/services/debug/transcriptHtmlWriter';
import { WALK_PAGE } from '../../src/main/services/debug/transcriptSourceReader';
import { renderTranscriptHtml } from '../../src/shared/transcriptHtml';
import { countingFileReaders } from './countingFileReaders';
import { createDebugHostHarness } from './debugHostHarness';
import { recordOneCall } from './recordOneCall';
import { createScriptedExecutor } from './scriptedExecutor';
import { writeLongTranscript } from './longTranscriptFile';

let harness: Awaited<ReturnType<typeof createDebugHostHarness>>;
afterEach(async () => harness?.dispose());

async function sampleRun() {
  harness = await createDebugHostHarness(createScriptedExecutor(), {}, { noSecrets: true });
  return recordOneCall(harness, { i: '<b>0</b>' });
}

describe('the HTML report, written on the host as it is made', () => {
  it('is the same report as one rendered from the whole transcript, for a run and a broken file', async () => {
    const { runId, sample } = await sampleRun();
    const whole = renderTranscriptHtml(sample.header, sample.entries, []);
    expect((await harness.debug.exportHtml({ runId })).html).toBe(whole);
    const file = path.join(harness.dir, 'broken.jsonl');
    await writeLongTranscript(file, sample.header!, sample.entries, 300);
    const lines = (await readFile(file, 'utf8')).split('\n');
    lines[400] = '{"kind":"message"';
    await writeFile(file, lines.join('\n'));
    const opened = await harness.debug.openTranscript({ file });
    expect(opened.problems).toEqual([{ line: 401, reason: expect.stringMatching(/invalid JSON/) }]);
    const report = path.join(harness.dir, 'broken.html');
    expect(await harness.debug.exportHtml({ file }, { file: report })).toEqual({ file: report });
    expect(await readFile(report, 'utf8')).toBe(
      renderTranscriptHtml(opened.header, opened.entries, opened.problems),
    );
    await expect(harness.debug.exportHtml({ file }, { file: report })).rejects.toThrow(/already exists/);
  });

  it('writes a 200,000-entry file’s report a page at a time, never holding the whole report', async () => {
    const { sample } = await sampleRun();
    const file = path.join(harness.dir, 'long.jsonl');
    const count = await writeLongTranscript(file, sample.header!, sample.entries, 100_000);
    const { readerOf, seen } = countingFileReaders();
    const reader = await readerOf(file);
    const chunks = { count: 0, largest: 0, rows: 0, text: [] as string[] };
    await transcriptHtmlWriter(
      reader,
      {},
      (problems) => problems,
    )(async (chunk) => {
      const text = chunk.toString();
      chunks.count += 1;
      chunks.largest = Math.max(chunks.largest, text.length);
      chunks.rows += text.split('<tr class=').length - 1;
      if (chunks.count <= 2) chunks.text.push(text);
    });
    expect(seen.most).toBeLessThanOrEqual(WALK_PAGE);
    expect(chunks.rows).toBe(count);
    expect(chunks.count).toBeGreaterThanOrEqual(count / WALK_PAGE);
    // A chunk is the top or one page of rows: a small part of the report.
    expect(chunks.largest).toBeLessThan(WALK_PAGE * 2_000);
    expect(chunks.text[0]).toContain(`Messages (${count})`);
    expect(chunks.text[1]).toContain('&lt;b&gt;0&lt;/b&gt;');
  });
});
