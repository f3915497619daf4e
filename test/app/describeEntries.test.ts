import { describe, expect, it } from 'vitest';
import type { TranscriptEntry } from '../../src/shared/transcript';
import {
  describeEntries,
  filterRows,
  HOST_EVENT_TYPE,
  TranscriptRowsBuilder,
} from '../../src/shared/view/describeEntries';

const entries: TranscriptEntry[] = [
  { kind: 'event', seq: 0, at: 0, event: { type: 'run_started', runId: 'r', executor: 'process:pooled' } },
  {
    kind: 'message',
    seq: 1,
    at: 1,
    direction: 'runner_to_host',
    message: { type: 'tool_call', callId: 'c1', providerName: 'github', safeToolName: 'search', input: {} },
  },
  {
    kind: 'message',
    seq: 2,
    at: 2,
    direction: 'runner_to_host',
    message: { type: 'tool_call', callId: 'c2', providerName: 'slack', safeToolName: 'post' },
  },
  {
    kind: 'event',
    seq: 3,
    at: 3,
    event: {
      type: 'tool_dispatch_finished',
      callId: 'c2',
      ok: false,
      errorCode: 'tool_error',
      durationMs: 0.5,
    },
  },
  {
    kind: 'message',
    seq: 4,
    at: 3.5,
    direction: 'host_to_runner',
    message: { type: 'tool_result', callId: 'c2', ok: false, error: { code: 'tool_error', message: 'down' } },
  },
  {
    kind: 'message',
    seq: 5,
    at: 9.25,
    direction: 'host_to_runner',
    message: { type: 'tool_result', callId: 'c1', ok: true, result: 1 },
  },
];

describe('transcript rows', () => {
  it('pair each tool_call with its tool_result, in either order, for provider, tool and duration', () => {
    const rows = describeEntries(entries);
    const call1 = rows.find((r) => r.type === 'tool_call' && r.callId === 'c1')!;
    const result1 = rows.find((r) => r.type === 'tool_result' && r.callId === 'c1')!;
    expect([call1.durationMs, result1.durationMs]).toEqual([8.25, 8.25]);
    expect([result1.provider, result1.tool, result1.note]).toEqual(['github', 'search', 'ok']);
    const result2 = rows.find((r) => r.type === 'tool_result' && r.callId === 'c2')!;
    // The host recorded the provider's own time (0.5 ms): that is what the call took, not the 1.5 ms round trip.
    expect([result2.provider, result2.durationMs, result2.note]).toEqual(['slack', 0.5, 'tool_error']);
    expect(rows.map((r) => r.seq)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('filter by message type, host events, and provider', () => {
    const rows = describeEntries(entries);
    expect(
      filterRows(rows, { hiddenTypes: new Set([HOST_EVENT_TYPE]), provider: null }).map((r) => r.seq),
    ).toEqual([1, 2, 4, 5]);
    expect(
      filterRows(rows, { hiddenTypes: new Set(['tool_call']), provider: 'slack' }).map((r) => r.seq),
    ).toEqual([3, 4]);
  });

  it('shows time a person held a call beside what the provider took, never inside it', () => {
    const held: TranscriptEntry[] = [
      {
        kind: 'message',
        seq: 0,
        at: 1,
        direction: 'runner_to_host',
        message: { type: 'tool_call', callId: 'h', providerName: 'demo', safeToolName: 'echo' },
      },
      {
        kind: 'event',
        seq: 1,
        at: 27_062,
        event: { type: 'tool_dispatch_finished', callId: 'h', ok: true, durationMs: 0.8, heldMs: 27_060.5 },
      },
      {
        kind: 'message',
        seq: 2,
        at: 27_062.8,
        direction: 'host_to_runner',
        message: { type: 'tool_result', callId: 'h', ok: true },
      },
    ];
    const rows = describeEntries(held);
    expect(rows.map((r) => [r.durationMs, r.heldMs])).toEqual([
      [0.8, 27_060.5],
      [0.8, 27_060.5],
      [0.8, 27_060.5],
    ]);
  });
});

describe('a call cut off while it reported progress', () => {
  const call: TranscriptEntry = {
    kind: 'message',
    seq: 1,
    at: 1,
    direction: 'runner_to_host',
    message: {
      type: 'tool_call',
      callId: 'long',
      providerName: 'everything',
      safeToolName: 'slow',
      input: {},
    },
  };
  const progress: TranscriptEntry = {
    kind: 'event',
    seq: 2,
    at: 2,
    event: { type: 'tool_progress', callId: 'long', progress: 3, total: 10 },
  };
  const cancelRequested: TranscriptEntry = {
    kind: 'event',
    seq: 3,
    at: 3,
    event: { type: 'cancel_requested', reason: 'user' },
  };
  // A cancelled run's done carries 'timeout' (the protocol has no cancel code); the host's cancel says why.
  const done: TranscriptEntry = {
    kind: 'message',
    seq: 4,
    at: 4,
    direction: 'runner_to_host',
    message: {
      type: 'done',
      id: 'x',
      ok: false,
      error: { code: 'timeout', message: 'cancelled' },
      durationMs: 3,
      logs: [],
    },
  };

  it('shows on its row that the run was cancelled, not a progress bar at 3/10', () => {
    const builder = new TranscriptRowsBuilder();
    const running = builder.update([call, progress])[0]!;
    expect(running.progress).toEqual({ progress: 3, total: 10 });
    expect(builder.runningProgress()).toBe(running);
    const row = builder.update([call, progress, cancelRequested, done])[0]!;
    expect(row.progress).toBeUndefined();
    expect(row.note).toBe('cancelled at progress 3/10');
    expect(builder.runningProgress()).toBeUndefined();
  });

  it('shows the dispatch error when the host ended the call itself', () => {
    const aborted: TranscriptEntry = {
      kind: 'event',
      seq: 3,
      at: 3,
      event: {
        type: 'tool_dispatch_finished',
        callId: 'long',
        ok: false,
        errorCode: 'timeout',
        durationMs: 2,
      },
    };
    const [row] = describeEntries([call, progress, aborted]);
    expect(row).toMatchObject({ outcome: 'timeout', note: 'timeout at progress 3/10' });
    expect(row!.progress).toBeUndefined();
  });
});
