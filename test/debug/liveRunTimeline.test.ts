import { afterEach, describe, expect, it } from 'vitest';
import { createLiveTimelines } from '../../src/main/services/debug/createLiveTimelines';
import { summarizeTranscriptTimeline } from '../../src/main/services/debug/summarizeTranscriptTimeline';
import { layoutTimeline } from '../../src/shared/transcriptTimeline';
import { createDebugHostHarness } from './debugHostHarness';
import { createScriptedExecutor } from './scriptedExecutor';
import { liveReader, recordingRun } from './recordingRun';

/** Entries a live request reads for the run's bounds: its head (64) and its last entry. */
const BOUNDS_READ = 65;

describe('the timeline of a run still going, laid out on the host', () => {
  it('reads only the entries added since the last request for the same window, and shows an unanswered call as open', async () => {
    const run = recordingRun();
    const timelines = createLiveTimelines();
    const window = { from: 0, to: 2_000, width: 10_000 };
    run.calls(0, 300);
    run.call(300, 301);
    const seen = { read: 0 };
    const first = await timelines.summarize('run-1', liveReader(run.store, seen), window);
    expect(seen.read).toBe(BOUNDS_READ + run.store.count);
    expect(first.callCount).toBe(301);
    const open = first.bars.filter((bar) => bar.open);
    expect(open.map((bar) => bar.call.callId)).toEqual(['call-300']);
    expect(open[0]!.end).toBe(first.runEnd);

    // The open call is answered, and 600 more calls come: the second request reads just those entries.
    const before = run.store.count;
    run.answer(300, 301.5);
    run.calls(301, 900);
    seen.read = 0;
    const second = await timelines.summarize('run-1', liveReader(run.store, seen), window);
    expect(seen.read).toBe(BOUNDS_READ + run.store.count - before);
    expect(second.callCount).toBe(900);
    expect(second.bars.filter((bar) => bar.open)).toEqual([]);
    // What the first answer holds did not change under it as the run went on.
    expect(first.bars.find((bar) => bar.call.callId === 'call-300')?.open).toBe(true);

    // Once the run is done, the same layout as the finished run's, and as the page's own.
    run.calls(900, 1_000);
    const last = await timelines.summarize('run-1', liveReader(run.store, seen), window);
    const whole = await summarizeTranscriptTimeline(liveReader(run.store, { read: 0 }), window);
    expect(last).toEqual(whole);
    const layout = layoutTimeline(run.store.page(0, run.store.count));
    const shape = (bars: typeof layout.bars) =>
      bars.map(({ call, start, end, globalRow, open }) => ({ id: call.callId, start, end, globalRow, open }));
    expect(shape(last.bars)).toEqual(shape(layout.bars));
    expect(last).toMatchObject({ lanes: layout.lanes, compute: layout.compute, callCount: 1_000 });
  });

  it('keeps the whole run’s window twice as long as the run so far: read again only once the run outgrows it', async () => {
    const run = recordingRun();
    const timelines = createLiveTimelines();
    const seen = { read: 0 };
    const wholeRun = { width: 800 };
    run.calls(0, 1_000);
    await timelines.summarize('run-1', liveReader(run.store, seen), wholeRun);
    expect(seen.read).toBe(BOUNDS_READ + run.store.count);

    // 1,000 ms so far: the window reaches to 2,000 ms, so calls up to there are read alone.
    let before = run.store.count;
    run.calls(1_000, 1_900);
    seen.read = 0;
    const grown = await timelines.summarize('run-1', liveReader(run.store, seen), wholeRun);
    expect(seen.read).toBe(BOUNDS_READ + run.store.count - before);
    expect(grown.callCount).toBe(1_900);
    expect(grown.bars.reduce((sum, bar) => sum + bar.calls, 0)).toBe(1_900);
    expect(grown.bars.length).toBeLessThanOrEqual(800);

    // Past 2,000 ms the window is made again, twice as long: the run is read whole once more.
    run.calls(1_900, 2_500);
    seen.read = 0;
    const outgrown = await timelines.summarize('run-1', liveReader(run.store, seen), wholeRun);
    expect(seen.read).toBe(BOUNDS_READ + run.store.count);
    expect(outgrown.callCount).toBe(2_500);
    before = run.store.count;
    run.calls(2_500, 2_600);
    seen.read = 0;
    await timelines.summarize('run-1', liveReader(run.store, seen), wholeRun);
    expect(seen.read).toBe(BOUNDS_READ + run.store.count - before);

    // Let go of, the run is laid out from its start again.
    timelines.drop('run-1');
    seen.read = 0;
    await timelines.summarize('run-1', liveReader(run.store, seen), wholeRun);
    expect(seen.read).toBe(BOUNDS_READ + run.store.count);
  });
});

describe('a run still going, through the debug service', () => {
  let harness: Awaited<ReturnType<typeof createDebugHostHarness>>;
  afterEach(async () => harness?.dispose());

  const echoes = (count: number, changed = -1) =>
    JSON.stringify({
      calls: Array.from({ length: count }, (_, i) => ({
        provider: 'demo',
        tool: 'echo',
        input: { i: i === changed ? 'changed' : i },
      })),
    });

  it('lays out and compares a run held at a breakpoint as far as it has got, and the whole run once it finishes', async () => {
    harness = await createDebugHostHarness(createScriptedExecutor(), {}, { noSecrets: true });
    const { runId: finishedId } = await harness.runs.start({ code: echoes(40) });
    await harness.finished(finishedId);
    await harness.debug.addBreakpoint({ condition: 'i == 25' });
    const paused = harness.nextPause();
    const { runId } = await harness.runs.start({ code: echoes(40, 30) });
    const held = await paused;
    await expect(harness.debug.openTranscript({ runId })).rejects.toThrow(/still going/);

    const live = await harness.debug.transcriptTimeline({ runId }, { width: 10_000 });
    expect(live.callCount).toBe(26);
    // Calls close in time share a bar (named by its first call): the one open bar is the last one.
    const open = live.bars.filter((bar) => bar.open);
    expect(open).toHaveLength(1);
    expect(open[0]).toBe(live.bars.at(-1));
    expect(live.bars.reduce((sum, bar) => sum + bar.calls, 0)).toBe(26);

    // The finished run beside the live one: every call so far the same, the live one has no result yet.
    const liveDiff = await harness.debug.transcriptDiff({ runId: finishedId }, { runId });
    expect(liveDiff.right.result).toBe('(none)');
    expect(liveDiff.rows.slice(0, 26).filter((row) => row.label.startsWith('tool_call'))).toHaveLength(25);
    expect(liveDiff.rows.slice(1, 26).every((row) => row.same)).toBe(true);
    expect(liveDiff.rows.find((row) => row.right === undefined)).toBeDefined();

    await harness.debug.resume(held.pauseId, { action: 'continue' });
    await harness.finished(runId);
    const finished = await harness.debug.transcriptTimeline({ runId }, { width: 10_000 });
    const layout = layoutTimeline((await harness.debug.openTranscript({ runId })).entries);
    expect(finished.callCount).toBe(40);
    expect(finished.bars.reduce((sum, bar) => sum + bar.calls, 0)).toBe(layout.bars.length);
    expect(finished.bars.some((bar) => bar.open)).toBe(false);
    const finishedDiff = await harness.debug.transcriptDiff({ runId: finishedId }, { runId });
    expect(finishedDiff.right.result).not.toBe('(none)');
    expect(finishedDiff.rows.every((row) => row.right !== undefined)).toBe(true);
    expect(finishedDiff.differences).toBeLessThan(liveDiff.differences);
    // The code differs (30 is in it), then the one changed call, and the result (the answers).
    expect(finishedDiff.differences).toBe(3);
  });
});
