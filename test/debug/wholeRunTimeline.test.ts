import path from 'node:path';
import { readFile, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { summarizeTranscriptTimeline } from '../../src/main/services/debug/summarizeTranscriptTimeline';
import { WALK_PAGE } from '../../src/main/services/debug/transcriptSourceReader';
import { layoutTimeline } from '../../src/shared/transcriptTimeline';
import { countingFileReaders } from './countingFileReaders';
import { createDebugHostHarness } from './debugHostHarness';
import { harnessWithLongFile } from './recordOneCall';

let harness: Awaited<ReturnType<typeof createDebugHostHarness>>;
afterEach(async () => harness?.dispose());

/** A saved transcript of `calls` calls, made from a real one-call run. */
async function longFile(name: string, calls: number) {
  const made = await harnessWithLongFile(name, calls);
  harness = made.harness;
  return made;
}

describe('the timeline of a whole run, laid out on the host', () => {
  it('matches the page’s own layout call for call when every call has its own column', async () => {
    const { file } = await longFile('small.jsonl', 300);
    const opened = await harness.debug.openTranscript({ file });
    const layout = layoutTimeline(opened.entries);
    const summary = await harness.debug.transcriptTimeline({ file }, { width: 10_000 });
    expect(summary.problems).toEqual([]);
    expect(summary.bars.every((bar) => bar.calls === 1)).toBe(true);
    const shape = (bars: typeof layout.bars) =>
      bars.map(({ call, start, end, globalRow, open }) => ({ id: call.callId, start, end, globalRow, open }));
    expect(shape(summary.bars)).toEqual(shape(layout.bars));
    expect(summary).toMatchObject({
      lanes: layout.lanes,
      totalRows: layout.totalRows,
      runStart: layout.runStart,
      runEnd: layout.runEnd,
      compute: layout.compute,
      callCount: 300,
    });
  });

  it('reads a 200,000-entry file a page at a time and holds a bar per row and pixel column', async () => {
    const calls = 100_000;
    const { file, count } = await longFile('long.jsonl', calls);
    expect(count).toBeGreaterThanOrEqual(200_000);
    const { readerOf, seen } = countingFileReaders();
    const reader = await readerOf(file);
    const whole = await summarizeTranscriptTimeline(reader, { width: 800 });
    expect(whole.callCount).toBe(calls);
    expect(whole.bars.reduce((sum, bar) => sum + bar.calls, 0)).toBe(calls);
    expect(whole.bars.length).toBeLessThanOrEqual(whole.totalRows * 800);
    expect(whole.compute.length).toBeLessThanOrEqual(801);
    expect(seen.most).toBeLessThanOrEqual(WALK_PAGE);
    expect(seen.reads).toBeGreaterThanOrEqual(count / WALK_PAGE);
    // Zoomed in on 100 ms: a bar for each call there, with its own details.
    const start = whole.runStart;
    const detail = await summarizeTranscriptTimeline(reader, {
      from: start + 20_000,
      to: start + 20_100,
      width: 800,
    });
    expect(detail.bars.length).toBeLessThanOrEqual(102);
    expect(detail.bars.every((bar) => bar.calls === 1)).toBe(true);
    expect(detail.bars.map((bar) => bar.call.callId)).toContain('call-20050');
    expect(detail.lanes).toEqual(whole.lanes);
  });

  it('stops at a malformed line and names it, and refuses a window it cannot draw', async () => {
    const { file } = await longFile('broken.jsonl', 2_000);
    const lines = (await readFile(file, 'utf8')).split('\n');
    lines[1_234] = '{"kind":"message","seq":';
    await writeFile(file, lines.join('\n'));
    const summary = await harness.debug.transcriptTimeline({ file }, { width: 300 });
    expect(summary.problems).toEqual([{ line: 1_235, reason: expect.stringMatching(/invalid JSON/) }]);
    expect(summary.callCount).toBeGreaterThan(0);
    await expect(harness.debug.transcriptTimeline({ file }, { width: 0 })).rejects.toThrow(/width/);
    await expect(harness.debug.transcriptTimeline({ file }, { width: 5, from: 9, to: 3 })).rejects.toThrow(
      /after its from/,
    );
    await expect(harness.debug.transcriptTimeline({ file }, { width: 5, zoom: 2 } as never)).rejects.toThrow(
      /zoom/,
    );
    await expect(
      harness.debug.transcriptTimeline({ file: path.join(harness.dir, 'gone.jsonl') }, { width: 5 }),
    ).rejects.toThrow(/gone\.jsonl/);
  });
});
