import { describe, expect, it } from 'vitest';
import {
  MAX_SEED_ENV_BYTES,
  MAX_SEEDED_CODE_LENGTH,
  normalizedCodeSeed,
  normalizedCodeSeedEnv,
} from '../../src/main/engine/executors/normalizedCodeSeed';
import { normalizeCodeCached, seedNormalizedCode } from '../../src/runner/normalizeCodeCached';
import { NORMALIZED_CODE_ENV, takeNormalizedCodeFromEnv } from '../../src/runner/normalizedCodeEnv';
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
    expect(seedNormalizedCode({ code: 'seeded + 1', body: 'return "seed";' })).toBe(true);
    expect(normalizeCodeCached('seeded + 1')).toBe('return "seed";');
    expect(normalizeCodeCached('seeded + 2')).toBe(normalizeCode('seeded + 2'));
    expect(normalizeCodeCached('seeded + 1 ')).toBe(normalizeCode('seeded + 1 '));
  });

  it('ignores a seed that is not two strings', () => {
    for (const seed of [undefined, null, 'x', { code: 'ignored + 1' }, { code: 'ignored + 1', body: 1 }]) {
      expect(seedNormalizedCode(seed)).toBe(false);
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

describe("the host's seed for an ephemeral process (an environment variable)", () => {
  /** The seed a runner reads from an environment with `env` in it, and that environment after. */
  const readBack = (env: Record<string, string>): { seed: unknown; left: NodeJS.ProcessEnv } => {
    const left: NodeJS.ProcessEnv = { OTHER: 'kept', ...env };
    return { seed: takeNormalizedCodeFromEnv(left), left };
  };

  it('is the worker seed as JSON, read back exactly, and taken out of the environment', () => {
    // NUL and a lone surrogate: an environment string holds neither, JSON escapes both.
    for (const code of ['return 1', '```js\n6 * 7\n```', '"a\u0000b\ud800é€"', '`x${"\\\\"}`']) {
      const env = normalizedCodeSeedEnv(code);
      expect(Object.keys(env!)).toEqual([NORMALIZED_CODE_ENV]);
      const json = env![NORMALIZED_CODE_ENV]!;
      // No NUL, and well-formed UTF-16 (what UTF-8 reads back unchanged).
      expect(json).not.toContain('\u0000');
      expect(Buffer.from(json, 'utf8').toString('utf8')).toBe(json);
      expect(readBack(env!)).toEqual({ seed: normalizedCodeSeed(code), left: { OTHER: 'kept' } });
    }
  });

  it('is absent for code that does not parse and for code longer than MAX_SEEDED_CODE_LENGTH', () => {
    expect(normalizedCodeSeedEnv('1 +')).toBeUndefined();
    expect(normalizedCodeSeedEnv(`${' '.repeat(MAX_SEEDED_CODE_LENGTH)}1`)).toBeUndefined();
  });

  it('is absent when its JSON is over the bound for one environment string (E2BIG)', () => {
    // Code and body both hold the string: 6 UTF-8 bytes of JSON a character, well within 32 K characters.
    const seedOf = (characters: number) => normalizedCodeSeedEnv(`"${'€'.repeat(characters)}"`, 'linux');
    const bytes = (env: Record<string, string>) => Buffer.byteLength(env[NORMALIZED_CODE_ENV]!);
    expect(bytes(seedOf(16_000)!)).toBeLessThanOrEqual(MAX_SEED_ENV_BYTES);
    expect(seedOf(17_000)).toBeUndefined();
    expect(normalizedCodeSeed(`"${'€'.repeat(17_000)}"`)).toBeDefined();
  });

  it('is bounded in characters on Windows (32,767 a variable)', () => {
    const code = `"${'x'.repeat(20_000)}"`;
    expect(normalizedCodeSeedEnv(code, 'linux')).toBeDefined();
    expect(normalizedCodeSeedEnv(code, 'win32')).toBeUndefined();
    expect(normalizedCodeSeedEnv(`"${'x'.repeat(10_000)}"`, 'win32')).toBeDefined();
  });

  it('reads as nothing when absent or not JSON, and is taken out of the environment either way', () => {
    expect(readBack({})).toEqual({ seed: undefined, left: { OTHER: 'kept' } });
    expect(readBack({ [NORMALIZED_CODE_ENV]: '{not json' })).toEqual({
      seed: undefined,
      left: { OTHER: 'kept' },
    });
  });
});
