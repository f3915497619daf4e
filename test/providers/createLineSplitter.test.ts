import { describe, expect, it } from 'vitest';
import { createLineSplitter } from '../../src/main/providers/mcp/createLineSplitter';

describe('createLineSplitter (a stdio server stderr, line by line)', () => {
  it('joins lines split across chunks, drops blank ones and trailing \\r', () => {
    const lines: string[] = [];
    const feed = createLineSplitter((line) => lines.push(line), 100);
    feed('first li');
    feed('ne\r\n\n   \nsecond\nthi');
    expect(lines).toEqual(['first line', 'second']);
    feed('rd\n');
    expect(lines).toEqual(['first line', 'second', 'third']);
  });

  it('passes a stream without newlines on in bounded pieces instead of buffering it all', () => {
    const lines: string[] = [];
    const feed = createLineSplitter((line) => lines.push(line), 10);
    for (let i = 0; i < 5; i++) feed('abcdefg');
    expect(lines).toEqual(['abcdefgabc', 'defgabcdef', 'gabcdefgab']);
    feed('\n');
    expect(lines.at(-1)).toBe('cdefg');
  });
});
