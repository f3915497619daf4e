import { describe, expect, it } from 'vitest';
import { findTimelineBar, layoutTimeline } from '../../src/shared/transcriptTimeline';
import { entryList } from './sampleTranscript';

describe('timeline layout', () => {
  function timeline() {
    return entryList()
      .message('runner_to_host', { type: 'started', id: 'e' }, 1)
      .message(
        'runner_to_host',
        { type: 'tool_call', callId: 'a', providerName: 'gh', safeToolName: 's', input: 1 },
        10,
      )
      .message(
        'runner_to_host',
        { type: 'tool_call', callId: 'b', providerName: 'gh', safeToolName: 's', input: 2 },
        12,
      )
      .message(
        'runner_to_host',
        { type: 'tool_call', callId: 'c', providerName: 'fs', safeToolName: 'r' },
        13,
      )
      .message('host_to_runner', { type: 'tool_result', callId: 'a', ok: true, result: 1 }, 20)
      .message(
        'host_to_runner',
        { type: 'tool_result', callId: 'c', ok: false, error: { code: 'tool_error', message: 'x' } },
        25,
      )
      .message('host_to_runner', { type: 'tool_result', callId: 'b', ok: true }, 30)
      .message(
        'runner_to_host',
        { type: 'tool_call', callId: 'd', providerName: 'gh', safeToolName: 's', input: 3 },
        35,
      )
      .message('host_to_runner', { type: 'tool_result', callId: 'd', ok: true }, 40)
      .message(
        'runner_to_host',
        { type: 'tool_call', callId: 'e', providerName: 'fs', safeToolName: 'r' },
        45,
      )
      .message('runner_to_host', { type: 'done', id: 'e', ok: true, durationMs: 1, logs: [] }, 50).entries;
  }

  it('gives each provider a lane and parallel calls their own rows', () => {
    const layout = layoutTimeline(timeline());
    expect(layout.lanes).toEqual([
      { providerName: 'gh', rows: 2, firstRow: 0 },
      { providerName: 'fs', rows: 1, firstRow: 2 },
    ]);
    const rows = Object.fromEntries(
      layout.bars.map((bar) => [bar.call.callId, [bar.laneIndex, bar.row, bar.globalRow]]),
    );
    expect(rows).toEqual({ a: [0, 0, 0], b: [0, 1, 1], c: [1, 0, 2], d: [0, 0, 0], e: [1, 0, 2] });
    expect(layout.totalRows).toBe(3);
  });

  it('draws each bar from tool_call to tool_result, open calls to the end of the run', () => {
    const layout = layoutTimeline(timeline());
    const bar = (id: string) => layout.bars.find((candidate) => candidate.call.callId === id)!;
    expect([bar('a').start, bar('a').end, bar('a').open]).toEqual([10, 20, false]);
    expect([bar('e').start, bar('e').end, bar('e').open]).toEqual([45, 50, true]);
    expect(bar('c').call.outcome).toMatchObject({ ok: false });
  });

  it('marks guest compute between calls', () => {
    expect(layoutTimeline(timeline()).compute).toEqual([
      { start: 1, end: 10 },
      { start: 30, end: 35 },
      { start: 40, end: 45 },
    ]);
  });

  it('finds the bar under a point for hover', () => {
    const layout = layoutTimeline(timeline());
    expect(findTimelineBar(layout, 15, 1)?.call.callId).toBe('b');
    expect(findTimelineBar(layout, 15, 0)?.call.callId).toBe('a');
    expect(findTimelineBar(layout, 32, 0)).toBeUndefined();
  });

  it('lays out a 1,000-call run with bounded rows', () => {
    const list = entryList().message('runner_to_host', { type: 'started', id: 'e' }, 0);
    for (let index = 0; index < 1000; index += 1) {
      const provider = `p${index % 4}`;
      list.message(
        'runner_to_host',
        { type: 'tool_call', callId: `c${index}`, providerName: provider, safeToolName: 't' },
        index,
      );
      if (index >= 2)
        list.message(
          'host_to_runner',
          { type: 'tool_result', callId: `c${index - 2}`, ok: true },
          index + 0.5,
        );
    }
    const layout = layoutTimeline(list.entries);
    expect(layout.bars).toHaveLength(1000);
    expect(layout.lanes).toHaveLength(4);
    expect(layout.totalRows).toBeLessThanOrEqual(8);
  });
});
