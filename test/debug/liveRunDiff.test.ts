import { describe, expect, it } from 'vitest';
import { alignDiffSides } from '../../src/main/services/debug/alignDiffSides';
import { collectDiffSide } from '../../src/main/services/debug/collectDiffSide';
import { createLiveDiffSides } from '../../src/main/services/debug/createLiveDiffSides';
import { createTranscriptDiffs } from '../../src/main/services/debug/createTranscriptDiffs';
import { liveReader, recordingRun } from './recordingRun';

describe('the diff of a run still going, collected on the host', () => {
  it('reads only the entries added since it was last asked, and equals a diff collected from the start', async () => {
    const run = recordingRun();
    const sides = createLiveDiffSides();
    run.calls(0, 300);
    run.call(300, 301);
    const seen = { read: 0 };
    const first = await sides.collect('run-1', liveReader(run.store, seen));
    expect(seen.read).toBe(run.store.count);
    expect(first).toEqual(await collectDiffSide(liveReader(run.store, { read: 0 })));
    expect(first.calls).toBe(301);
    expect(first.resultPosition[300]).toBe(-1);

    // The open call is answered and 600 more come: the second request reads just those entries.
    const before = run.store.count;
    run.answer(300, 301.5);
    run.calls(301, 900);
    seen.read = 0;
    const second = await sides.collect('run-1', liveReader(run.store, seen));
    expect(seen.read).toBe(run.store.count - before);
    expect(second).toEqual(await collectDiffSide(liveReader(run.store, { read: 0 })));
    expect(second.resultPosition[300]).toBeGreaterThan(0);
    // What the first answer holds did not change under it as the run went on.
    expect(first.calls).toBe(301);
    expect(first.resultPosition[300]).toBe(-1);
    expect(alignDiffSides(first, first).differences).toBe(0);
  });

  it('starts again from the first entry once dropped, or when asked with fewer entries than it took', async () => {
    const run = recordingRun();
    const sides = createLiveDiffSides();
    run.calls(0, 50);
    const early = liveReader(run.store, { read: 0 });
    run.calls(50, 100);
    const seen = { read: 0 };
    await sides.collect('run-1', liveReader(run.store, seen));
    seen.read = 0;
    const fewer = await sides.collect('run-1', { ...early, page: liveReader(run.store, seen).page });
    expect(seen.read).toBe(early.count);
    expect(fewer.calls).toBe(50);

    sides.drop('run-1');
    seen.read = 0;
    await sides.collect('run-1', liveReader(run.store, seen));
    expect(seen.read).toBe(run.store.count);
  });

  it('a live diff page is the same as the one of the finished run', async () => {
    const left = recordingRun();
    left.calls(0, 200);
    const right = recordingRun();
    right.calls(0, 120);
    const readers = {
      left: liveReader(left.store, { read: 0 }),
      right: liveReader(right.store, { read: 0 }),
    };
    const finished = { ...readers.left, liveRunId: undefined };
    const pick = (source: unknown) =>
      Promise.resolve(
        source === 'left' ? finished : { ...liveReader(right.store, { read: 0 }), liveRunId: 'r' },
      );
    const live = createTranscriptDiffs(pick, createLiveDiffSides());
    const whole = createTranscriptDiffs((source) =>
      Promise.resolve(
        source === 'left' ? finished : { ...liveReader(right.store, { read: 0 }), liveRunId: undefined },
      ),
    );
    await live('left', 'right', { from: 0, limit: 500 });
    right.calls(120, 200);
    const grown = await live('left', 'right', { from: 0, limit: 500 });
    expect(grown).toEqual(await whole('left', 'right', { from: 0, limit: 500 }));
    expect(grown.differences).toBe(0);
  });
});
