import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTranscriptDiffs } from '../../src/main/services/debug/createTranscriptDiffs';
import { WALK_PAGE } from '../../src/main/services/debug/transcriptSourceReader';
import { diffTranscripts } from '../../src/shared/transcriptDiff';
import type { TranscriptEntry } from '../../src/shared/transcript';
import { countingFileReaders } from './countingFileReaders';
import { createDebugHostHarness } from './debugHostHarness';
import { recordOneCall } from './recordOneCall';
import { createScriptedExecutor } from './scriptedExecutor';
import { writeLongTranscript } from './longTranscriptFile';

let harness: Awaited<ReturnType<typeof createDebugHostHarness>>;
afterEach(async () => harness?.dispose());

const echoes = (inputs: unknown[]) =>
  JSON.stringify({ calls: inputs.map((input) => ({ provider: 'demo', tool: 'echo', input })) });

async function start() {
  harness = await createDebugHostHarness(createScriptedExecutor(), {}, { noSecrets: true });
}

async function run(inputs: unknown[]) {
  const { runId } = await harness.runs.start({ code: echoes(inputs) });
  await harness.finished(runId);
  return runId;
}

/** The host's diff, every row of it, beside the page's own. */
async function bothDiffs(
  left: { runId: string } | { file: string },
  right: { runId: string } | { file: string },
) {
  const host = await harness.debug.transcriptDiff(left, right, { from: 0, limit: 2_000 });
  const page = diffTranscripts(
    (await harness.debug.openTranscript(left)).entries,
    (await harness.debug.openTranscript(right)).entries,
  );
  return { host, page };
}

describe('the diff of two runs, computed on the host', () => {
  it('finds the same rows and first difference as the page’s own diff', async () => {
    await start();
    const inputs = Array.from({ length: 30 }, (_, i) => ({ i }));
    const a = await run(inputs);
    const b = await run(inputs.map((input, i) => (i === 17 ? { i: 'other' } : input)));
    const c = await run([...inputs.slice(0, 10), ...inputs.slice(12), { i: 99 }, { i: 100 }]);
    for (const [left, right] of [
      [a, b],
      [a, c],
      [c, a],
      [a, a],
    ] as const) {
      const { host, page } = await bothDiffs({ runId: left }, { runId: right });
      expect(host.rows).toEqual(page.rows);
      expect(host.rowCount).toBe(page.rows.length);
      expect(host.alignedBy).toBe(page.alignedBy);
      expect(host.firstDifference).toBe(page.firstDifference);
      expect(host.differences).toBe(page.rows.filter((row) => !row.same).length);
      expect(host.left.result).toBe(page.left.result);
    }
  });

  it('pairs calls by order when two files share no callIds', async () => {
    await start();
    const { sample } = await recordOneCall(harness);
    const one = path.join(harness.dir, 'one.jsonl');
    const other = path.join(harness.dir, 'other.jsonl');
    await writeLongTranscript(one, sample.header!, sample.entries, 50);
    const renamed = (_: number, entry: TranscriptEntry) =>
      JSON.parse(JSON.stringify(entry).replaceAll('"call-', '"other-')) as TranscriptEntry;
    await writeLongTranscript(other, sample.header!, sample.entries, 53, renamed);
    const { host, page } = await bothDiffs({ file: one }, { file: other });
    expect(host.alignedBy).toBe('order');
    expect(host.rows).toEqual(page.rows);
    expect(host.firstDifference).toBe(page.firstDifference);
  });

  it('compares two 200,000-entry files a page at a time, holding numbers per call, and pages the rows', async () => {
    await start();
    const { sample } = await recordOneCall(harness);
    const calls = 100_000;
    const files = [path.join(harness.dir, 'left.jsonl'), path.join(harness.dir, 'right.jsonl')] as const;
    await writeLongTranscript(files[0], sample.header!, sample.entries, calls);
    const count = await writeLongTranscript(
      files[1],
      sample.header!,
      sample.entries,
      calls,
      (index, entry) =>
        index === 70_000 && entry.kind === 'message' && entry.message.type === 'tool_call'
          ? { ...entry, message: { ...entry.message, input: { i: 'changed' } } }
          : entry,
    );
    expect(count).toBeGreaterThanOrEqual(200_000);
    const { readerOf, seen } = countingFileReaders();
    const diff = createTranscriptDiffs((source) => readerOf((source as { file: string }).file));
    const summary = await diff({ file: files[0] }, { file: files[1] }, { from: 0, limit: 10 });
    expect(summary).toMatchObject({ alignedBy: 'callId', rowCount: calls + 2, differences: 1 });
    expect(summary.firstDifference).toBe(70_001);
    expect(summary.rows).toHaveLength(10);
    expect(seen.most).toBeLessThanOrEqual(WALK_PAGE);
    // Paging to the difference compares nothing again: it reads the rows' few entries only.
    seen.entries = 0;
    const around = await diff({ file: files[0] }, { file: files[1] }, { from: 69_990, limit: 20 });
    expect(seen.entries).toBeLessThan(200);
    const row = around.rows[70_001 - 69_990]!;
    expect(row).toMatchObject({ key: 'call:call-70000', same: false });
    expect(row.left).toMatchObject({ input: { i: 0 } });
    expect(row.right).toMatchObject({ input: { i: 'changed' } });
    expect(around.rows.filter((each) => !each.same)).toHaveLength(1);
    await expect(diff({ file: files[0] }, { file: files[1] }, { from: 0, limit: 5_000 })).rejects.toThrow(
      /at most 2000 rows/,
    );
  });
});
