import { describe, expect, it } from 'vitest';
import { checkToken } from '../../src/main/system/checkToken';
import { createRandomToken } from '../../src/main/system/createRandomToken';

describe('createRandomToken', () => {
  // One base64url token in 64 began with '-' before: 5,000 of them would have held one all but surely.
  const tokens = Array.from({ length: 5_000 }, createRandomToken);

  it('never begins with a dash', () => {
    expect(tokens.filter((token) => token.startsWith('-'))).toEqual([]);
  });

  it('makes tokens that a chosen token must also be, each new', () => {
    for (const token of tokens) expect(checkToken(token, '--token')).toBe(token);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('keeps at least 192 random bits: 36 base64url characters', () => {
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{36}$/);
  });
});
