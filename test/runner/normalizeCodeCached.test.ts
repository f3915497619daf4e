import { describe, expect, it } from 'vitest';
import { MAX_SEEDED_CODE_LENGTH, normalizedCodeSeed } from '../../src/main/executors/normalizedCodeSeed';
import { normalizeCodeCached, seedNormalizedCode } from '../../src/runner/normalizeCodeCached';
import { CodeSyntaxError, normalizeCode } from '../../src/shared/normalizeCode';

describe('normalizeCodeCached and its seed', () => {
  it('normalizes as normalizeCode does, and throws its syntax errors', () => {
    for (const code of ['return 1', 'const n = 6;\nn * 7', '{ "a": 1 }']) {
      expect(normalizeCodeCached(code)).toBe(normalizeCode(code));
      expect(normalizeCodeCached(code)).toBe(normalizeCode(code));
    }
    expect(() => normalizeCodeCached('1 +')).toThrow(CodeSyntaxError);
  });

  it('answers a seeded code with its seed, and only exactly that code', () => {
    seedNormalizedCode({ code: 'seeded + 1', body: 'return "seed";' });
    expect(normalizeCodeCached('seeded + 1')).toBe('return "seed";');
    expect(normalizeCodeCached('seeded + 2')).toBe(normalizeCode('seeded + 2'));
    expect(normalizeCodeCached('seeded + 1 ')).toBe(normalizeCode('seeded + 1 '));
  });

  it('ignores a seed that is not two strings', () => {
    for (const seed of [undefined, null, 'x', { code: 'ignored + 1' }, { code: 'ignored + 1', body: 1 }]) {
      seedNormalizedCode(seed);
    }
    expect(normalizeCodeCached('ignored + 1')).toBe(normalizeCode('ignored + 1'));
  });
});

describe("the host's seed for an ephemeral worker", () => {
  it('is the code with the body normalizeCode makes of it', () => {
    for (const code of ['return 1', '```js\n6 * 7\n```', '{ "a": 1 }']) {
      expect(normalizedCodeSeed(code)).toEqual({ code, body: normalizeCode(code) });
    }
  });

  it('is absent for code that does not parse (the runner reports it)', () => {
    expect(normalizedCodeSeed('1 +')).toBeUndefined();
    expect(normalizedCodeSeed('<!-- x\n1')).toBeUndefined();
  });

  it('is absent for code longer than MAX_SEEDED_CODE_LENGTH (the runner normalizes it)', () => {
    const longest = `${' '.repeat(MAX_SEEDED_CODE_LENGTH - 1)}1`;
    expect(normalizedCodeSeed(longest)).toEqual({ code: longest, body: normalizeCode(longest) });
    expect(normalizedCodeSeed(` ${longest}`)).toBeUndefined();
  });
});
