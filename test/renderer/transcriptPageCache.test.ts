import { describe, expect, it } from 'vitest';
import { createTranscriptPageCache } from '../../src/renderer/features/transcript/createTranscriptPageCache';
import type { TranscriptEntry } from '../../src/shared/transcript';

/** Entry i of a long run: calls and their results, alternating. */
function entry(i: number): TranscriptEntry {
  const callId = `call-${i >> 1}`;
  return i % 2 === 0
    ? {
        kind: 'message',
        seq: i,
        at: i,
        direction: 'runner_to_host',
        message: { type: 'tool_call', callId, providerName: 'demo', safeToolName: 'echo', input: i },
      }
    : {
        kind: 'message',
        seq: i,
        at: i,
        direction: 'host_to_runner',
        message: { type: 'tool_result', callId, ok: true, result: i },
      };
}

function hostOf(count: number) {
  const asked: { from: number; limit: number }[] = [];
  const waiting: (() => void)[] = [];
  return {
    asked,
    /** Answers every request made so far. */
    answer: async () => {
      for (const release of waiting.splice(0)) release();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    fetch: (from: number, limit: number) => {
      asked.push({ from, limit });
      return new Promise<TranscriptEntry[]>((resolve) =>
        waiting.push(() =>
          resolve(
            Array.from({ length: Math.max(0, Math.min(limit, count - from)) }, (_, k) => entry(from + k)),
          ),
        ),
      );
    },
  };
}

describe('createTranscriptPageCache', () => {
  it('fetches the pages a range needs once, with context either side, and serves their rows', async () => {
    const host = hostOf(1_000_000);
    const cache = createTranscriptPageCache({ pageSize: 500, maxPages: 4, context: 8, fetch: host.fetch });
    let heard = 0;
    cache.subscribe(() => (heard += 1));
    expect(cache.row(700_250)).toBeUndefined();
    cache.request(700_200, 700_600);
    cache.request(700_200, 700_600);
    expect(host.asked).toEqual([
      { from: 699_992, limit: 516 },
      { from: 700_492, limit: 516 },
    ]);
    await host.answer();
    expect(heard).toBe(2);
    expect(cache.fetched()).toBe(2);
    expect(cache.held()).toBe(1_000);
    const first = cache.row(700_000)!;
    expect(first.seq).toBe(700_000);
    // The page's first call knows how its result ended; the last result knows its call's tool.
    expect(first.outcome).toBe('ok');
    expect(cache.row(700_999)?.tool).toBe('echo');
    cache.request(700_200, 700_600);
    expect(host.asked).toHaveLength(2);
  });

  it('keeps at most maxPages pages, letting go of the one used longest ago', async () => {
    const host = hostOf(1_000_000);
    const cache = createTranscriptPageCache({ pageSize: 100, maxPages: 3, context: 0, fetch: host.fetch });
    for (const page of [0, 1, 2]) cache.request(page * 100, page * 100 + 1);
    await host.answer();
    cache.request(0, 1);
    cache.request(5_000, 5_001);
    await host.answer();
    expect(cache.held()).toBe(300);
    expect(cache.row(0)).toBeDefined();
    expect(cache.row(100)).toBeUndefined();
    expect(cache.row(5_000)?.seq).toBe(5_000);
  });

  it('fetches again a page that was short when fetched once more of it is wanted', async () => {
    let count = 150;
    const host = hostOf(1_000);
    const cache = createTranscriptPageCache({
      pageSize: 100,
      maxPages: 4,
      context: 0,
      fetch: (from, limit) => host.fetch(from, Math.min(limit, count - from)),
    });
    cache.request(100, 150);
    await host.answer();
    expect(cache.held()).toBe(50);
    count = 400;
    cache.request(100, 150);
    expect(host.asked).toHaveLength(1);
    cache.request(100, 200);
    await host.answer();
    expect(host.asked).toHaveLength(2);
    expect(cache.row(199)?.seq).toBe(199);
  });

  it('says why the host refused a page, and does not ask for that page again', async () => {
    let asked = 0;
    const gone = new Error('no run with id "run-1"');
    const cache = createTranscriptPageCache({
      pageSize: 100,
      maxPages: 4,
      fetch: async () => {
        asked += 1;
        throw gone;
      },
    });
    expect(cache.problem()).toBeNull();
    cache.request(0, 50);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cache.problem()).toBe(gone);
    cache.request(0, 50);
    expect(asked).toBe(1);
    expect(cache.row(10)).toBeUndefined();
  });
});
