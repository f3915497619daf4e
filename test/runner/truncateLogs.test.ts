import { describe, expect, it } from 'vitest';
import { createLogCollector } from '../../src/runner/createLogCollector';
import { truncateLogs } from '../../src/runner/truncateLogs';

describe('log truncation', () => {
  it('keeps the earliest lines, then clips cumulatively by characters', () => {
    expect(truncateLogs(['abc', 'def', 'ghi'], 2, 100)).toEqual(['abc', 'def']);
    expect(truncateLogs(['abc', 'def', 'ghi'], 10, 5)).toEqual(['abc', 'de']);
    expect(truncateLogs(['abc', 'def'], 10, 3)).toEqual(['abc']);
    expect(truncateLogs(['abc', ''], 10, 3)).toEqual(['abc']);
    expect(truncateLogs(['a'], 0, 10)).toEqual([]);
    expect(truncateLogs(['a'], 10, 0)).toEqual([]);
  });

  it('the incremental collector always equals truncating everything at the end', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 300; round++) {
      const maxLines = random(6);
      const maxChars = random(30);
      const lines = Array.from({ length: random(10) }, () => 'x'.repeat(random(12)));
      const collector = createLogCollector(maxLines, maxChars);
      for (const line of lines) collector.append(line);
      expect(collector.lines()).toEqual(truncateLogs(lines, maxLines, maxChars));
    }
  });

  it('reports how much room is left so the guest can stop formatting', () => {
    const collector = createLogCollector(2, 10);
    expect(collector.room()).toBe(10);
    expect(collector.append('abcd')).toBe(6);
    expect(collector.append('e')).toBe(0);
    expect(collector.append('ignored')).toBe(0);
    expect(collector.lines()).toEqual(['abcd', 'e']);
  });
});
