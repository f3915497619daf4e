import { describe, expect, it } from 'vitest';
import { searchTranscript, type TranscriptLines } from '../../src/main/services/runs/searchTranscript';
import { transcriptRowsAt } from '../../src/main/services/runs/transcriptRowsAt';
import { parseTranscriptQuery, type QueryTerm } from '../../src/shared/view/parseTranscriptQuery';
import type { TranscriptEntry } from '../../src/shared/transcript';
import { createCallIdIndex } from '../../src/main/services/runs/createCallIdIndex';

/**
 * A run of `calls` calls: each a tool_call then its tool_result (call 7's fails); with `indexed`,
 * indexed by call id as a run's store is.
 */
function transcriptOf(calls: number, indexed = false): { lines: TranscriptLines; parsed: () => number } {
  const entries: TranscriptEntry[] = [];
  for (let i = 0; i < calls; i++) {
    entries.push({
      kind: 'message',
      seq: 2 * i,
      at: i,
      direction: 'runner_to_host',
      message: {
        type: 'tool_call',
        callId: `call-${i}`,
        providerName: 'demo',
        safeToolName: 'echo',
        input: { text: i === 9_000 ? 'Needle here' : `hay ${i}` },
      },
    });
    entries.push({
      kind: 'message',
      seq: 2 * i + 1,
      at: i + 0.5,
      direction: 'host_to_runner',
      message:
        i === 7
          ? {
              type: 'tool_result',
              callId: `call-${i}`,
              ok: false,
              error: { code: 'tool_failed', message: 'no' },
            }
          : { type: 'tool_result', callId: `call-${i}`, ok: true, result: i },
    } as TranscriptEntry);
  }
  const json = entries.map((entry) => JSON.stringify(entry));
  let read = 0;
  const index = createCallIdIndex();
  entries.forEach((entry, at) => index.add(at, entry));
  return {
    lines: {
      count: json.length,
      lines: (from, to) => {
        read += Math.min(to, json.length) - from;
        return json.slice(from, to);
      },
      ...(indexed ? { entriesOfCall: (callId: string) => index.entriesOf(callId, json.length) } : {}),
    },
    parsed: () => read,
  };
}

function terms(query: string): QueryTerm[] {
  const parsed = parseTranscriptQuery(query);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.terms;
}

describe('searchTranscript', () => {
  it('finds one call near the end of a long transcript and counts it once', async () => {
    const { lines } = transcriptOf(10_000);
    const answer = await searchTranscript(lines, terms('call:call-9990 type:tool_call'), -1, 1);
    expect(answer).toEqual({ index: 2 * 9990, total: 1, count: 20_000 });
  });

  it('matches free text case-insensitively and steps forward and back, wrapping round', async () => {
    const { lines } = transcriptOf(10_000);
    expect(await searchTranscript(lines, terms('needle'), -1, 1)).toMatchObject({ index: 18_000, total: 1 });
    const hay = terms('type:tool_call hay');
    expect(await searchTranscript(lines, hay, 10, 1)).toMatchObject({ index: 12, total: 9_999 });
    expect(await searchTranscript(lines, hay, 10, -1)).toMatchObject({ index: 8 });
    expect(await searchTranscript(lines, hay, 0, -1)).toMatchObject({ index: 19_998 });
    expect(await searchTranscript(lines, hay, 19_998, 1)).toMatchObject({ index: 0 });
  });

  it('judges a call by its result even across the chunks it reads', async () => {
    const { lines } = transcriptOf(5_000);
    const failed = await searchTranscript(lines, terms('type:tool_call status:error'), -1, 1);
    expect(failed).toMatchObject({ index: 14, total: 1 });
    // call-2047's call is the last line of the first chunk, its result the first of the next.
    const across = await searchTranscript(
      lines,
      terms('type:tool_result tool:demo.echo call:call-2048'),
      -1,
      1,
    );
    expect(across).toMatchObject({ index: 4_097, total: 1 });
  });

  it('answers none found with a null index', async () => {
    const { lines } = transcriptOf(100);
    expect(await searchTranscript(lines, terms('call:call-100'), -1, 1)).toEqual({
      index: null,
      total: 0,
      count: 200,
    });
  });

  it('lists every match with all (a filtered table\u2019s rows)', async () => {
    const { lines } = transcriptOf(5_000);
    const answer = await searchTranscript(lines, terms('-type:tool_result'), -1, 1, true);
    expect(answer.total).toBe(5_000);
    expect(answer.indexes).toHaveLength(5_000);
    expect(answer.indexes!.slice(0, 3)).toEqual([0, 2, 4]);
  });
});

describe('searchTranscript with a call index', () => {
  const queries = [
    'call:call-9990',
    'call:CALL-9990 type:tool_call',
    'type:tool_result tool:demo.echo call:call-2048',
    'call:call-7 status:error',
    'call:call-20000',
    'call:call-999*',
    '-call:call-5',
    'call:call-9000 needle',
    'call:call-9000 -needle',
  ];

  it.each(queries)('answers %s as the full scan does', async (query) => {
    const scanned = await searchTranscript(transcriptOf(10_000).lines, terms(query), 100, 1, true);
    const indexed = await searchTranscript(transcriptOf(10_000, true).lines, terms(query), 100, 1, true);
    expect(indexed).toEqual(scanned);
  });

  it('reads only the chunk that holds the call named', async () => {
    const { lines, parsed } = transcriptOf(100_000, true);
    const answer = await searchTranscript(lines, terms('call:call-43210'), -1, 1);
    expect(answer).toEqual({ index: 86_420, total: 2, count: 200_000 });
    expect(parsed()).toBeLessThanOrEqual(4_096 + 2 * 64);
  });

  it('stays right when the index offers entries of other calls (a shared hash)', async () => {
    const { lines } = transcriptOf(10_000);
    const loose: TranscriptLines = { ...lines, entriesOfCall: () => [0, 1, 4_000, 12_000, 12_001, 19_999] };
    expect(await searchTranscript(loose, terms('call:call-6000'), -1, 1)).toEqual({
      index: 12_000,
      total: 2,
      count: 20_000,
    });
  });
});

describe('transcriptRowsAt', () => {
  it('describes the entries asked for with the entries around them, in the order asked', () => {
    const { lines, parsed } = transcriptOf(10_000);
    const rows = transcriptRowsAt(lines, [14, 9_001, 15, 20_000, 2]);
    expect(rows.map((row) => row.seq)).toEqual([14, 9_001, 15, 2]);
    expect(rows[0]).toMatchObject({ type: 'tool_call', outcome: 'tool_failed' });
    expect(rows[1]).toMatchObject({ type: 'tool_result', tool: 'echo' });
    // Two ranges read, not the transcript.
    expect(parsed()).toBeLessThan(400);
  });
});
