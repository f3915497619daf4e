import { describe, expect, it } from 'vitest';
import { usePlaygroundStore } from '../../src/renderer/state/store';
import { HELD_TAIL, runEntryCount } from '../../src/renderer/state/heldTail';
import type { TranscriptEntry } from '../../src/shared/transcript';

const log = (seq: number): TranscriptEntry => ({
  kind: 'event',
  seq,
  at: seq,
  event: { type: 'guest_console', lines: [{ level: 'log', text: `line ${seq}` }] },
});

describe('the store holds a live run\u2019s tail only', () => {
  it('keeps at most 2 × HELD_TAIL entries and counts the rest', () => {
    const { applyEvent } = usePlaygroundStore.getState();
    applyEvent({
      channel: 'runs',
      type: 'started',
      runId: 'r1',
      request: { code: '1' },
    });
    let seq = 0;
    for (let batch = 0; batch < 100; batch++) {
      const entries = Array.from({ length: 250 }, () => log(seq++));
      applyEvent({ channel: 'runs', type: 'entries', runId: 'r1', entries });
      const run = usePlaygroundStore.getState().runs.r1!;
      expect(run.entries.length).toBeLessThanOrEqual(2 * HELD_TAIL);
      expect(runEntryCount(run)).toBe(seq);
      expect(run.entries[0]!.seq).toBe(run.firstIndex ?? 0);
    }
    // A batch sent again (a reload's fetch overlapping the live batches) is not added twice.
    applyEvent({ channel: 'runs', type: 'entries', runId: 'r1', entries: [log(seq - 1)] });
    expect(runEntryCount(usePlaygroundStore.getState().runs.r1!)).toBe(25_000);
  });
});
