import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OPENED_TRANSCRIPT_ENTRIES } from '../../src/shared/api/debug';
import { TRANSCRIPT_ROWS_LIMIT } from '../../src/shared/api/runs';
import { createDebugHostHarness } from './debugHostHarness';
import { harnessWithLongFile } from './recordOneCall';
import { createScriptedExecutor } from './scriptedExecutor';

let harness: Awaited<ReturnType<typeof createDebugHostHarness>>;
afterEach(async () => harness?.dispose());

/** A saved transcript of `calls` calls (two entries each), made from a real one-call run. */
async function longFile(name: string, calls: number) {
  const made = await harnessWithLongFile(name, calls);
  harness = made.harness;
  return made;
}

describe('an opened transcript file, paged from the host', () => {
  it('hands the page the header, the count and the last entries only, and searches and describes the rest', async () => {
    const { file, count } = await longFile('long.jsonl', 100_000);
    expect(count).toBeGreaterThan(200_000);
    const opened = await harness.debug.openTranscript({ file });
    expect(opened.problems).toEqual([]);
    expect(opened.count).toBe(count);
    expect(opened.entries).toHaveLength(OPENED_TRANSCRIPT_ENTRIES);
    expect(opened.firstIndex).toBe(count - OPENED_TRANSCRIPT_ENTRIES);
    expect(opened.entries.map((entry) => entry.seq)).toEqual(
      Array.from({ length: OPENED_TRANSCRIPT_ENTRIES }, (_, i) => opened.firstIndex + i),
    );
    expect(opened.header?.code).toContain('echo');

    // A call near the start, far before the entries the page holds.
    const found = await harness.debug.transcriptSearch({ file }, 'call:call-3 type:tool_call');
    expect(found).toMatchObject({ total: 1, count });
    expect(found.index).toBeLessThan(20);
    const [row] = await harness.debug.transcriptRows({ file }, [found.index!]);
    expect(row).toMatchObject({ type: 'tool_call', callId: 'call-3', seq: found.index, outcome: 'ok' });
    const both = await harness.debug.transcriptSearch({ file }, 'call:call-3', { all: true });
    expect(both.indexes).toEqual([found.index, found.index! + 1]);
    // Stepping back from the start wraps round to the last match.
    const last = await harness.debug.transcriptSearch({ file }, 'type:tool_call', { from: 0, direction: -1 });
    expect(last.total).toBe(100_000);
    const [lastRow] = await harness.debug.transcriptRows({ file }, [last.index!]);
    expect(lastRow).toMatchObject({ type: 'tool_call', callId: 'call-99999' });
    // Past the end: no row.
    expect(await harness.debug.transcriptRows({ file }, [count, count + 5])).toEqual([]);
  });

  it('opens a file broken at line K with its valid count and the problem, and searches no further', async () => {
    const { file, count } = await longFile('broken.jsonl', 5_000);
    const lines = (await readFile(file, 'utf8')).split('\n');
    // Line 6,001 of the file (entry 5,999) is cut short.
    lines[6_000] = '{"kind":"message","seq":';
    await writeFile(file, lines.join('\n'));
    const opened = await harness.debug.openTranscript({ file });
    expect(opened.count).toBe(5_999);
    expect(opened.count).toBeLessThan(count);
    expect(opened.problems).toEqual([{ line: 6_001, reason: expect.stringMatching(/invalid JSON/) }]);
    expect(opened.firstIndex).toBe(5_999 - OPENED_TRANSCRIPT_ENTRIES);
    expect(opened.entries).toHaveLength(OPENED_TRANSCRIPT_ENTRIES);
    expect(opened.entries.at(-1)?.seq).toBe(5_998);

    const before = await harness.debug.transcriptSearch({ file }, 'call:call-10 type:tool_call');
    expect(before).toMatchObject({ total: 1, count: 5_999 });
    const after = await harness.debug.transcriptSearch({ file }, 'call:call-4000 type:tool_call');
    expect(after).toMatchObject({ index: null, total: 0, count: 5_999 });
    expect(await harness.debug.transcriptRows({ file }, [5_998, 5_999, 7_000])).toHaveLength(1);

    // A seq that goes back is a bad line too, found in a later page of the check.
    lines[6_000] = lines[6_001]!;
    lines[4_500] = lines[4_499]!;
    await writeFile(file, lines.join('\n'));
    const again = await harness.debug.openTranscript({ file });
    expect(again.count).toBe(4_499);
    expect(again.problems).toEqual([{ line: 4_501, reason: expect.stringMatching(/is not after/) }]);

    // A broken header: nothing to hold, the problem says why.
    await writeFile(file, 'not a transcript\n');
    const notOne = await harness.debug.openTranscript({ file });
    expect(notOne).toMatchObject({ count: 0, firstIndex: 0, entries: [], header: null });
    expect(notOne.problems[0]).toMatchObject({ line: 1 });
    expect(await harness.debug.transcriptSearch({ file }, 'tool_call')).toMatchObject({
      index: null,
      count: 0,
    });
  });

  it('reads a finished run, and its saved file, through the same search and rows as the runs API', async () => {
    harness = await createDebugHostHarness(createScriptedExecutor(), {}, { noSecrets: true });
    const calls = Array.from({ length: 5 }, (_, i) => ({ provider: 'demo', tool: 'echo', input: { i } }));
    const { runId } = await harness.runs.start({ code: JSON.stringify({ calls }) });
    await harness.finished(runId);
    const opened = await harness.debug.openTranscript({ runId });
    const whole = await harness.runs.transcript(runId);
    expect(opened).toMatchObject({ count: whole.length, firstIndex: 0 });
    expect(opened.entries).toHaveLength(whole.length);
    const query = 'type:tool_call call:call-2';
    expect(await harness.debug.transcriptSearch({ runId }, query)).toEqual(
      await harness.runs.transcriptSearch(runId, query),
    );
    expect(await harness.debug.transcriptRows({ runId }, [3, 4])).toEqual(
      await harness.runs.transcriptRows(runId, [3, 4]),
    );
    // Saved into the workspace and opened from its list: the same answers from the file.
    const { transcriptId } = await harness.debug.saveTranscript(runId, { name: 'five calls' });
    const saved = { transcriptId: transcriptId! };
    expect(await harness.debug.openTranscript(saved)).toMatchObject({
      count: whole.length,
      firstIndex: 0,
      problems: [],
    });
    expect(await harness.debug.transcriptSearch(saved, query)).toEqual(
      await harness.debug.transcriptSearch({ runId }, query),
    );
    expect(await harness.debug.transcriptRows(saved, [3, 4])).toEqual(
      await harness.debug.transcriptRows({ runId }, [3, 4]),
    );
  });

  it('refuses malformed sources, queries, options, indexes and ranges by name', async () => {
    const { file } = await longFile('small.jsonl', 10);
    const { debug } = harness;
    const refusals: [() => Promise<unknown>, RegExp][] = [
      [() => debug.openTranscript(null as never), /transcript source must be an object/],
      [() => debug.openTranscript({} as never), /needs runId, file or transcriptId/],
      [() => debug.openTranscript({ file: 'relative.jsonl' }), /absolute path/],
      [() => debug.openTranscript({ file: '/etc/passwd' }), /must end in \.jsonl/],
      [() => debug.openTranscript({ file: path.join(harness.dir, 'gone.jsonl') }), /Cannot open/],
      [() => debug.openTranscript({ transcriptId: 'nope' }), /no transcript with id "nope"/],
      [() => debug.openTranscript({ runId: 42 } as never), /runId must be a string/],
      [() => debug.transcriptSearch('x' as never, 'a'), /transcript source must be an object/],
      [() => debug.transcriptSearch({ file: `${file}\0` }, 'a'), /NUL/],
      [() => debug.transcriptSearch({ file }, 42 as never), /search query must be a string/],
      [() => debug.transcriptSearch({ file }, 'type:'), /search query: column/],
      [() => debug.transcriptSearch({ file }, 'a', { from: -5 }), /from must be a whole number/],
      [() => debug.transcriptSearch({ file }, 'a', { direction: 2 as never }), /direction must be 1 or -1/],
      [() => debug.transcriptSearch({ file }, 'a', { nope: 1 } as never), /unknown field "nope"/],
      [() => debug.transcriptSearch({ file }, 'a', [] as never), /search options must be an object/],
      [() => debug.transcriptRows({ file }, 'x' as never), /indexes must be a list/],
      [() => debug.transcriptRows({ file }, [-1]), /whole numbers of 0 or more/],
      [() => debug.transcriptRows({ file }, [1.5]), /whole numbers of 0 or more/],
      [
        () =>
          debug.transcriptRows(
            { file },
            Array.from({ length: TRANSCRIPT_ROWS_LIMIT + 1 }, (_, i) => i),
          ),
        /at most 1000/,
      ],
      [() => debug.transcriptRows({ transcriptId: 'nope' }, [0]), /no transcript with id/],
      [() => debug.transcriptPage({ file }, { from: 'a' } as never), /from must be a whole number/],
      [() => debug.transcriptPage({ file }, { limit: 0 }), /limit must be a whole number of 1 or more/],
    ];
    for (const [refused, reason] of refusals) await expect(refused()).rejects.toThrow(reason);
    // Nothing else broke: the file still opens and searches.
    expect((await debug.openTranscript({ file })).count).toBeGreaterThan(20);
    expect((await debug.transcriptSearch({ file }, 'call:call-9 type:tool_call')).total).toBe(1);
  });
});
