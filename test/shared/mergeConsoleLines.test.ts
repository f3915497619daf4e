import { describe, expect, it } from 'vitest';
import type { ProviderConsoleLine } from '../../src/shared/api/providers';
import { mergeConsoleLines } from '../../src/shared/view/mergeConsoleLines';

const line = (seq: number): ProviderConsoleLine => ({ seq, at: seq, source: 'stderr', text: `line ${seq}` });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => line(from + i));
const seqs = (lines: readonly ProviderConsoleLine[]) => lines.map((l) => l.seq);

describe("mergeConsoleLines (a provider's console in the renderer)", () => {
  it('appends newer lines and keeps only the newest', () => {
    expect(seqs(mergeConsoleLines(range(1, 3), range(4, 6), 4))).toEqual([3, 4, 5, 6]);
  });

  it('counts a line once when it came both as an event and in a list answer, in order', () => {
    const fromEvents = [line(5), line(6)];
    const fromList = range(1, 5);
    expect(seqs(mergeConsoleLines(fromEvents, fromList, 10))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('drops what it held when the console was cleared', () => {
    expect(seqs(mergeConsoleLines(range(1, 3), [line(9)], 10, true))).toEqual([9]);
    expect(mergeConsoleLines(range(1, 3), [], 10, true)).toEqual([]);
  });
});
