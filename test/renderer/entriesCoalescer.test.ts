import { describe, expect, it } from 'vitest';
import { createEntriesCoalescer } from '../../src/renderer/state/createEntriesCoalescer';
import type { PlaygroundEvent } from '../../src/shared/api/playgroundApi';
import type { TranscriptEntry } from '../../src/shared/transcript';

const entry = (seq: number): TranscriptEntry => ({
  kind: 'event',
  seq,
  at: seq,
  event: { type: 'guest_console', lines: [{ level: 'log', text: String(seq) }] },
});
const batch = (runId: string, ...seqs: number[]): PlaygroundEvent => ({
  channel: 'runs',
  type: 'entries',
  runId,
  entries: seqs.map(entry),
});

function setUp(maxWaiting = 1_000) {
  const applied: PlaygroundEvent[] = [];
  const frames: (() => void)[] = [];
  const push = createEntriesCoalescer((event) => applied.push(event), {
    schedule: (flush) => frames.push(flush),
    maxWaiting,
  });
  const seqs = () =>
    applied.map((event) =>
      event.channel === 'runs' && event.type === 'entries'
        ? `${event.runId}:${event.entries.map((e) => e.seq).join(',')}`
        : `${event.channel}:${event.type}`,
    );
  return { push, frames, seqs };
}

describe('createEntriesCoalescer', () => {
  it('applies one merged batch per run per frame', () => {
    const { push, frames, seqs } = setUp();
    push(batch('a', 0, 1));
    push(batch('a', 2));
    push(batch('a', 3, 4));
    expect(seqs()).toEqual([]);
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(seqs()).toEqual(['a:0,1,2,3,4']);
  });

  it('keeps the order of events: other events apply what waits before them', () => {
    const { push, frames, seqs } = setUp();
    push(batch('a', 0));
    push(batch('b', 0));
    push(batch('a', 1));
    push({ channel: 'debug', type: 'breakpoints', breakpoints: [] });
    push(batch('a', 2));
    for (const flush of frames.splice(0)) flush();
    expect(seqs()).toEqual(['a:0', 'b:0', 'a:1', 'debug:breakpoints', 'a:2']);
  });

  it('applies at once when many entries wait (a hidden page gets no frames)', () => {
    const { push, seqs } = setUp(3);
    push(batch('a', 0, 1));
    expect(seqs()).toEqual([]);
    push(batch('a', 2));
    expect(seqs()).toEqual(['a:0,1,2']);
  });
});
