import { describe, expect, it } from 'vitest';
import type { TranscriptEntry } from '../../src/shared/transcript';
import {
  describeEntries,
  filterRows,
  HOST_EVENT_TYPE,
  TranscriptRowsBuilder,
} from '../../src/shared/view/describeEntries';
import { createRowFilter } from '../../src/shared/view/createRowFilter';

function call(seq: number, callId: string, provider = 'github'): TranscriptEntry {
  return {
    kind: 'message',
    seq,
    at: seq,
    direction: 'runner_to_host',
    message: { type: 'tool_call', callId, providerName: provider, safeToolName: 'search', input: {} },
  };
}

function result(seq: number, callId: string): TranscriptEntry {
  return {
    kind: 'message',
    seq,
    at: seq,
    direction: 'host_to_runner',
    message: { type: 'tool_result', callId, ok: true, result: seq },
  };
}

function diverged(seq: number, callId: string): TranscriptEntry {
  return {
    kind: 'event',
    seq,
    at: seq,
    event: { type: 'replay_diverged', callId, reason: 'the input differs' },
  } as TranscriptEntry;
}

const entries: TranscriptEntry[] = [
  { kind: 'event', seq: 0, at: 0, event: { type: 'run_started', runId: 'r', executor: 'process:pooled' } },
  call(1, 'c1'),
  result(2, 'c1'),
  call(3, 'c2', 'slack'),
  diverged(4, 'c2'),
  result(5, 'c2'),
  call(6, 'c3'),
  result(7, 'c3'),
];

describe('createRowFilter', () => {
  const rows = describeEntries(entries);

  it('returns the rows themselves when nothing is filtered out', () => {
    const filter = createRowFilter();
    expect(filter(rows, { hiddenTypes: new Set(), provider: null })).toBe(rows);
  });

  it('keeps what filterRows keeps as the rows grow batch by batch', () => {
    const filter = createRowFilter();
    const hiddenTypes = new Set([HOST_EVENT_TYPE, 'tool_result']);
    const spec = { hiddenTypes, provider: 'github' };
    for (let n = 0; n <= rows.length; n++) {
      const grown = rows.slice(0, n);
      expect(filter(grown, spec).map((r) => r.seq)).toEqual(filterRows(grown, spec).map((r) => r.seq));
    }
    expect(filter(rows, spec).map((r) => r.seq)).toEqual([1, 6]);
  });

  it('keeps up with a rows array that grows in place', () => {
    const filter = createRowFilter();
    const spec = { hiddenTypes: new Set(['tool_result']), provider: null };
    const grown: typeof rows = [];
    for (const row of rows) {
      grown.push(row);
      expect(filter(grown, spec).map((r) => r.seq)).toEqual(filterRows(grown, spec).map((r) => r.seq));
    }
  });

  it('filters again from the start when the filter or the transcript changes', () => {
    const filter = createRowFilter();
    filter(rows, { hiddenTypes: new Set(['tool_call']), provider: null });
    expect(filter(rows, { hiddenTypes: new Set(), provider: 'slack' }).map((r) => r.seq)).toEqual([3, 4, 5]);
    const other = describeEntries(entries.slice(0, 3).map((entry) => ({ ...entry })));
    expect(filter(other, { hiddenTypes: new Set(), provider: 'slack' })).toEqual([]);
  });
});

describe('TranscriptRowsBuilder.divergedCalls', () => {
  it('collects the calls a replay flagged, batch by batch, and forgets them for another transcript', () => {
    const builder = new TranscriptRowsBuilder();
    builder.update(entries.slice(0, 4));
    expect(builder.divergedCalls().size).toBe(0);
    builder.update(entries.slice(0, 6));
    const flagged = builder.divergedCalls();
    expect([...flagged]).toEqual(['c2']);
    builder.update(entries);
    expect(builder.divergedCalls()).toBe(flagged);
    builder.update(entries.map((entry) => ({ ...entry })).filter((entry) => entry.seq !== 4));
    expect(builder.divergedCalls().size).toBe(0);
  });
});
