import { describe, expect, it } from 'vitest';
import { matchingLines, parseLineQuery } from '../../src/shared/view/parseLineQuery';

const lines = ['Starting server', 'user ada logged in', 'ERROR: disk full', 'user bob logged in'].map(
  (text) => ({
    text,
  }),
);

describe('console search queries', () => {
  it('finds plain text case-insensitively', () => {
    expect(matchingLines(lines, parseLineQuery('USER'))).toEqual([1, 3]);
    expect(matchingLines(lines, parseLineQuery(''))).toEqual([]);
  });

  it('finds /regex/ with flags, ignoring g and y (they would make test() stateful)', () => {
    expect(matchingLines(lines, parseLineQuery('/^user (ada|bob)/'))).toEqual([1, 3]);
    expect(matchingLines(lines, parseLineQuery('/error/i'))).toEqual([2]);
    expect(matchingLines(lines, parseLineQuery('/user/g'))).toEqual([1, 3]);
  });

  it('says why a regular expression is wrong, and refuses an overlong one', () => {
    const bad = parseLineQuery('/(unclosed/');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toMatch(/Unterminated group|Invalid regular expression/);
    expect(parseLineQuery('x'.repeat(1_001))).toMatchObject({ ok: false });
  });

  it('finds one line among 100,000', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => ({ text: `line ${i}` }));
    many[99_990] = { text: 'the needle' };
    expect(matchingLines(many, parseLineQuery('needle'))).toEqual([99_990]);
  });
});
