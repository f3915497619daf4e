import { describe, expect, it } from 'vitest';
import type { TranscriptEntry } from '../../src/shared/transcript';
import { describeEntries, TranscriptRowsBuilder } from '../../src/shared/view/describeEntries';
import { matchTranscriptRow } from '../../src/shared/view/matchTranscriptRow';
import { parseTranscriptQuery } from '../../src/shared/view/parseTranscriptQuery';

function call(seq: number, at: number, callId: string, q: string, tool = 'search_issues'): TranscriptEntry {
  return {
    kind: 'message',
    seq,
    at,
    direction: 'runner_to_host',
    message: { type: 'tool_call', callId, providerName: 'github', safeToolName: tool, input: { q } },
  };
}

function result(seq: number, at: number, callId: string, ok: boolean): TranscriptEntry {
  return {
    kind: 'message',
    seq,
    at,
    direction: 'host_to_runner',
    message: ok
      ? { type: 'tool_result', callId, ok: true, result: { count: seq } }
      : { type: 'tool_result', callId, ok: false, error: { code: 'tool_error', message: 'Rate limit hit' } },
  };
}

const entries: TranscriptEntry[] = [
  { kind: 'event', seq: 0, at: 0, event: { type: 'run_started', runId: 'r', executor: 'process:pooled' } },
  call(1, 1, 'call-1', 'bug'),
  result(2, 3, 'call-1', true),
  call(3, 4, 'call-4322', 'crash in parser'),
  result(4, 704, 'call-4322', false),
  call(5, 705, 'call-5', 'docs', 'list_repos'),
  result(6, 706, 'call-5', true),
];

function seqsFor(query: string): number[] {
  const parsed = parseTranscriptQuery(query);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return describeEntries(entries)
    .filter((row) => matchTranscriptRow(row, parsed.terms))
    .map((row) => row.seq);
}

describe('matchTranscriptRow', () => {
  it('finds the issue example: a slow failed call by tool, status, took and id', () => {
    expect(seqsFor('type:tool_call tool:github.search_issues status:error took:>500 call:call-4322')).toEqual(
      [3],
    );
  });

  it('matches each filter key', () => {
    expect(seqsFor('type:tool_result')).toEqual([2, 4, 6]);
    expect(seqsFor('type:event')).toEqual([0]);
    expect(seqsFor('tool:list_repos')).toEqual([5, 6]);
    expect(seqsFor('tool:github.*')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(seqsFor('provider:GitHub type:tool_call')).toEqual([1, 3, 5]);
    expect(seqsFor('call:call-4322')).toEqual([3, 4]);
    expect(seqsFor('call:call-4*')).toEqual([3, 4]);
    expect(seqsFor('status:ok type:tool_result')).toEqual([2, 6]);
    expect(seqsFor('status:tool_error')).toEqual([3, 4]);
    expect(seqsFor('took:<=2')).toEqual([1, 2, 5, 6]);
    expect(seqsFor('dir:to_runner')).toEqual([2, 4, 6]);
    expect(seqsFor('dir:event')).toEqual([0]);
  });

  it('searches free text in inputs and results, case-insensitively, and negates', () => {
    expect(seqsFor('crash')).toEqual([3]);
    expect(seqsFor('"rate limit"')).toEqual([4]);
    expect(seqsFor('call-4322')).toEqual([3, 4]);
    expect(seqsFor('-type:tool_result -type:event')).toEqual([1, 3, 5]);
    expect(seqsFor('')).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});

describe('TranscriptRowsBuilder', () => {
  it('appends only new entries and pairs a result that arrives in a later batch', () => {
    const builder = new TranscriptRowsBuilder();
    const first = builder.update(entries.slice(0, 4));
    expect(first[3]).toMatchObject({ callId: 'call-4322' });
    expect(first[3]!.outcome).toBeUndefined();
    expect(first[3]!.durationMs).toBeUndefined();
    const second = builder.update(entries);
    // The same array, grown: no copy of every row per batch.
    expect(second).toBe(first);
    expect(second).toHaveLength(entries.length);
    expect(second[3]).toMatchObject({ outcome: 'tool_error', durationMs: 700 });
    expect(builder.update(entries)).toBe(second);
    expect(second).toEqual(describeEntries(entries));
  });

  it('starts again, in a new array, when given a different transcript', () => {
    const builder = new TranscriptRowsBuilder();
    const first = builder.update(entries);
    const other = entries.slice(0, 2).map((entry) => ({ ...entry }));
    const again = builder.update(other);
    expect(again).not.toBe(first);
    expect(first).toHaveLength(entries.length);
    expect(again).toEqual(describeEntries(other));
    expect(builder.update([])).toEqual([]);
  });
});
