import { describe, expect, it } from 'vitest';
import {
  createSecretMasker,
  MIN_MASKED_SECRET_LENGTH,
  TOO_DEEP_TO_MASK,
} from '../../src/main/secrets/createSecretMasker';
import { maskedSecretNamesIn, revealMaskedSecrets, secretMaskToken } from '../../src/shared/secretMaskToken';

const A = secretMaskToken('A');
const B = secretMaskToken('B');

describe('the secret masker', () => {
  const masker = createSecretMasker([
    ['A', 'abc.def*'],
    ['B', 'abc.def*-longer'],
  ]);

  it('masks every occurrence, the longer of two overlapping secrets whole, regex characters literally', () => {
    expect(masker.maskText('x abc.def*-longer y abc.def* z abcXdef')).toBe(`x ${B} y ${A} z abcXdef`);
    expect(masker.maskText('abc.def*abc.def*')).toBe(`${A}${A}`);
  });

  it('masks strings, object keys and nested values, and leaves other values as they are', () => {
    const value = { 'abc.def*': [1, { deep: ['see abc.def*', null, true, 3] }], ok: 'fine' };
    expect(masker.mask(value)).toEqual({ [A]: [1, { deep: [`see ${A}`, null, true, 3] }], ok: 'fine' });
    expect(value).toHaveProperty('abc.def*');
  });

  it('returns the very same value when nothing needs masking (no copies of a clean transcript)', () => {
    const clean = { entries: [{ message: { text: 'nothing here' } }] };
    expect(masker.mask(clean)).toBe(clean);
    expect(masker.maskText('nothing')).toBe('nothing');
  });

  it('matches a value as JSON-escaped and URL-encoded text, the ways tools echo it', () => {
    const quoted = createSecretMasker([['Q', 'pa"ss\\word/1']]);
    const token = secretMaskToken('Q');
    expect(quoted.maskText(JSON.stringify({ key: 'pa"ss\\word/1' }))).toBe(`{"key":"${token}"}`);
    expect(quoted.maskText(`?k=${encodeURIComponent('pa"ss\\word/1')}`)).toBe(`?k=${token}`);
  });

  it('keeps __proto__ and constructor as ordinary keys, and never changes a prototype', () => {
    const value = JSON.parse('{"__proto__": {"abc.def*": 1}, "constructor": "abc.def*"}');
    const masked = masker.mask(value);
    expect(JSON.stringify(masked)).toBe(`{"__proto__":{"${A}":1},"constructor":"${A}"}`);
    expect(Object.getPrototypeOf(masked)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)[A]).toBeUndefined();
  });

  it('keeps both entries when two keys mask to the same text', () => {
    expect(masker.mask({ 'abc.def*': 1, [A]: 2 })).toEqual({ [A]: 1, [`${A} (2)`]: 2 });
  });

  it(`ignores values shorter than ${MIN_MASKED_SECRET_LENGTH} characters and empty ones`, () => {
    const short = createSecretMasker([
      ['S', 'ab'],
      ['E', ''],
    ]);
    expect(short.size).toBe(0);
    expect(short.maskText('ab ab')).toBe('ab ab');
  });

  it('replaces a value nested too deep to check instead of passing it on unchecked', () => {
    let deep: unknown = 'abc.def*';
    for (let i = 0; i < 5000; i += 1) deep = [deep];
    expect(JSON.stringify(masker.mask(deep))).toContain(TOO_DEEP_TO_MASK);
  });

  it('masks a 20,000-entry transcript with 200 secrets, keys included', () => {
    const many = createSecretMasker(
      Array.from({ length: 200 }, (_, i) => [`S${i}`, `secret-${i}-value`] as const),
    );
    const entries = Array.from({ length: 20_000 }, (_, i) => ({
      seq: i,
      message: {
        type: 'tool_result',
        result: { text: `row ${i} secret-${i % 200}-value`, [`secret-7-value`]: i },
      },
    }));
    const masked = many.mask(entries);
    expect(JSON.stringify(masked)).not.toMatch(/secret-\d+-value/);
    expect(masked[13]?.message.result.text).toBe(`row 13 ${secretMaskToken('S13')}`);
  });

  it('lets a view find the masked names and put revealed values back', () => {
    const text = masker.maskText('a abc.def* b abc.def*-longer');
    expect(maskedSecretNamesIn(text)).toEqual(['A', 'B']);
    expect(revealMaskedSecrets(text, new Map([['A', 'abc.def*']]))).toBe(`a abc.def* b ${B}`);
  });
});
