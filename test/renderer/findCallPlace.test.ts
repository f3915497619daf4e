import { describe, expect, it } from 'vitest';
import type { TranscriptHost } from '../../src/renderer/state/transcriptHost';
import type { TranscriptEntry } from '../../src/shared/transcript';
import { parseTranscriptQuery } from '../../src/shared/view/parseTranscriptQuery';
import { TranscriptRowsBuilder } from '../../src/shared/view/describeEntries';
import { matchTranscriptRow } from '../../src/shared/view/matchTranscriptRow';
import { callPlaceIn, fetchCallPlace } from '../../src/renderer/features/editor/findCallPlace';

/** Calls to `tools` in order, each answered: call-1 is the first. */
function transcriptOf(tools: readonly string[]): TranscriptEntry[] {
  return tools.flatMap((tool, i): TranscriptEntry[] => [
    {
      kind: 'message',
      seq: 2 * i,
      at: i,
      direction: 'runner_to_host',
      message: { type: 'tool_call', callId: `call-${i + 1}`, providerName: 'demo', safeToolName: tool },
    },
    {
      kind: 'message',
      seq: 2 * i + 1,
      at: i,
      direction: 'host_to_runner',
      message: { type: 'tool_result', callId: `call-${i + 1}`, ok: true, result: i },
    },
  ]);
}

/** The host's side of the two calls (its search matches rows as the host's does), and how many searches were asked. */
function hostOf(entries: TranscriptEntry[]) {
  const rows = new TranscriptRowsBuilder().update(entries);
  let searches = 0;
  const runs: Pick<TranscriptHost, 'entries' | 'search'> = {
    entries: async (from, limit) => entries.slice(from, from + limit),
    search: async (query, options = {}) => {
      searches += 1;
      const parsed = parseTranscriptQuery(query);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const terms = parsed.terms;
      const matches = rows.flatMap((row, index) => (matchTranscriptRow(row, terms) ? [index] : []));
      const from = options.from ?? -1;
      const index =
        options.direction === -1
          ? (matches.findLast((at) => at < from) ?? matches.at(-1) ?? null)
          : (matches.find((at) => at > from) ?? matches[0] ?? null);
      return { index, total: matches.length, count: entries.length };
    },
  };
  return { runs, searches: () => searches };
}

// Three straight-line calls to echo around one to other, then a loop of 5,000 calls to loop.
const TOOLS = ['echo', 'other', 'echo', 'echo', ...Array.from({ length: 5000 }, () => 'loop')];
const entries = transcriptOf(TOOLS);

describe('the place of a call, for the editor line it marks', () => {
  it('counts the calls to its tool before it, in a held transcript', () => {
    expect(callPlaceIn(entries, 'call-1')).toMatchObject({ call: { safeToolName: 'echo' }, ordinal: 0 });
    expect(callPlaceIn(entries, 'call-3')).toMatchObject({ ordinal: 1 });
    expect(callPlaceIn(entries, 'call-4')).toMatchObject({ ordinal: 2 });
    expect(callPlaceIn(entries, 'call-2')).toMatchObject({ call: { safeToolName: 'other' }, ordinal: 0 });
    expect(callPlaceIn(entries, 'call-9999')).toBeUndefined();
  });

  it('is the same from the host for a run the page holds only the tail of', async () => {
    const { runs } = hostOf(entries);
    for (const callId of ['call-1', 'call-2', 'call-3', 'call-4'])
      expect(await fetchCallPlace(runs, callId, () => 3)).toEqual(callPlaceIn(entries, callId));
    expect(await fetchCallPlace(runs, 'call-9999', () => 3)).toBeUndefined();
  });

  it('asks the host no more than the editor has lines for that tool', async () => {
    const { runs, searches } = hostOf(entries);
    // One line calls loop: past its first call, every call is "one or more", and the line is all there is.
    const place = await fetchCallPlace(runs, 'call-4000', () => 1);
    expect(place).toMatchObject({ call: { callId: 'call-4000', safeToolName: 'loop' }, ordinal: 1 });
    // One to find the call, one per line counted.
    expect(searches()).toBe(2);
    expect(await fetchCallPlace(runs, 'call-5', () => 2)).toMatchObject({ ordinal: 0 });
    expect(await fetchCallPlace(runs, 'call-6', () => 2)).toMatchObject({ ordinal: 1 });
    expect(await fetchCallPlace(runs, 'call-7', () => 2)).toMatchObject({ ordinal: 2 });
  });
});
