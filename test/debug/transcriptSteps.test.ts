import { describe, expect, it } from 'vitest';
import { transcriptStateAt } from '../../src/shared/transcriptSteps';
import { sampleEntries } from './sampleTranscript';

describe('stepping through a recorded transcript', () => {
  const entries = sampleEntries();

  it('starts before the run with nothing pending', () => {
    const state = transcriptStateAt(entries, -1);
    expect(state).toMatchObject({
      index: -1,
      phase: 'not_started',
      pendingCalls: [],
      completedCalls: [],
      logs: [],
    });
    expect(state.entry).toBeUndefined();
  });

  it('shows the code once execute is sent and a pending call after tool_call', () => {
    expect(transcriptStateAt(entries, 1)).toMatchObject({
      phase: 'starting',
      code: expect.stringContaining('demo.echo'),
    });
    const atCall = transcriptStateAt(entries, 3);
    expect(atCall.phase).toBe('running');
    expect(atCall.pendingCalls).toEqual([
      {
        callId: 'call-1',
        providerName: 'demo',
        toolName: 'echo',
        input: { q: 'bug' },
        startedAt: 3,
        marks: [],
      },
    ]);
    expect(atCall.entry).toBe(entries[3]);
  });

  it('moves the call to completed after its result, and shows the result at done', () => {
    const afterResult = transcriptStateAt(entries, 4);
    expect(afterResult.pendingCalls).toEqual([]);
    expect(afterResult.completedCalls[0]?.outcome).toEqual({ ok: true, result: { q: 'bug' } });
    const end = transcriptStateAt(entries, entries.length - 1);
    expect(end.phase).toBe('finished');
    expect(end.done).toMatchObject({ ok: true, result: { q: 'bug' } });
    expect(end.events.map((event) => event.type)).toEqual(['run_started', 'run_finished']);
  });

  it('goes back as well as forward and clamps out-of-range steps', () => {
    expect(transcriptStateAt(entries, 3).pendingCalls).toHaveLength(1);
    expect(transcriptStateAt(entries, 2).pendingCalls).toHaveLength(0);
    expect(transcriptStateAt(entries, 999).index).toBe(entries.length - 1);
    expect(transcriptStateAt(entries, -50).index).toBe(-1);
  });
});
