import { describe, expect, it } from 'vitest';
import { plainCredentialWarnings } from '../../src/main/secrets/plainCredentialWarnings';
import { looksLikeCredential, suggestSecretName } from '../../src/shared/looksLikeCredential';
import {
  maskedSecretNamesInValue,
  revealMaskedSecretsInValue,
  secretMaskToken,
} from '../../src/shared/secretMaskToken';

describe('a plain value that looks like a credential (issue 13.4)', () => {
  it.each([
    ['GH', 'ghp_0123456789abcdefghijABCDEFGHIJ012345'],
    ['OPENAI', 'sk-proj-abcdefghijklmnop1234'],
    ['SLACK', 'xoxb-1234567890-abcdefghij'],
    ['AWS', 'AKIAIOSFODNN7EXAMPLE'],
    ['Authorization', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc'],
    ['API_TOKEN', 'supersecret-plain-123'],
    ['X', 'q8Z!r2Lm#9vT$4wK7pB0nY'],
  ])('%s=%s is flagged', (name, value) => {
    expect(looksLikeCredential(name, value)).toBeDefined();
  });

  it.each([
    ['LOG_LEVEL', 'debug'],
    ['API_TOKEN', '${secret:API_TOKEN}'],
    ['AUTH_ENABLED', 'true'],
    ['TOKEN_TTL', '3600000'],
    ['HOME_URL', 'https://example.com/some/Long-Path_123'],
    ['GREETING', 'hello world, how are you'],
  ])('%s=%s is not', (name, value) => {
    expect(looksLikeCredential(name, value)).toBeUndefined();
  });

  it('suggests a free secret name', () => {
    expect(suggestSecretName('api-token', ['API_TOKEN'])).toBe('API_TOKEN_2');
    expect(suggestSecretName('9lives', [])).toBe('_9LIVES');
  });

  it('warns about plain credentials in env, headers and API keys, never about references', () => {
    const warnings = plainCredentialWarnings([
      {
        id: 'a',
        name: 'gh',
        kind: 'mcp',
        transport: {
          type: 'stdio',
          command: 'x',
          env: { API_TOKEN: 'supersecret-plain-123', OK: '${secret:T}' },
        },
      },
      {
        id: 'b',
        name: 'web',
        kind: 'mcp',
        transport: {
          type: 'http',
          url: 'http://x',
          headers: { Authorization: 'Bearer ghp_0123456789abcdefghijABCDEFGHIJ0' },
        },
      },
      { id: 'c', name: 'npm', kind: 'tpmjs', baseUrl: 'http://x', apiKey: '${secret:K}', tools: [] },
    ]);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain("provider 'gh': environment variable API_TOKEN");
    expect(warnings[1]).toContain("provider 'web': header Authorization");
    expect(warnings.join('\n')).not.toContain('supersecret-plain-123');
  });
});

describe('revealing masked values in a view', () => {
  it('finds names in strings and keys, and puts values back only for the revealed ones', () => {
    const A = secretMaskToken('A');
    const value = [{ [A]: { text: `x ${secretMaskToken('B')}` } }, 'plain'];
    expect(maskedSecretNamesInValue(value)).toEqual(['A', 'B']);
    expect(revealMaskedSecretsInValue(value, new Map([['A', 'va']]))).toEqual([
      { va: { text: `x ${secretMaskToken('B')}` } },
      'plain',
    ]);
    expect(maskedSecretNamesInValue({ clean: ['nothing'] })).toEqual([]);
  });

  it('finds a name deep in a wide value, and the answer is a fresh array each time', () => {
    const rows: unknown[] = Array.from({ length: 50_000 }, (_, i) => ({ i, tags: ['a'] }));
    rows.push(
      { inherited: Object.create({ [secretMaskToken('PROTO')]: 1 }) },
      { note: secretMaskToken('LAST') },
    );
    const first = maskedSecretNamesInValue(rows);
    expect(first).toEqual(['LAST']);
    first.push('changed');
    expect(maskedSecretNamesInValue(rows)).toEqual(['LAST']);
  });

  it('follows a growing transcript: names in appended entries are found, earlier ones kept', () => {
    const entries: unknown[] = [{ text: secretMaskToken('FIRST') }, { text: 'plain' }];
    expect(maskedSecretNamesInValue(entries)).toEqual(['FIRST']);
    const grown = [...entries, { text: secretMaskToken('LATER') }];
    expect(maskedSecretNamesInValue(grown)).toEqual(['FIRST', 'LATER']);
    expect(maskedSecretNamesInValue([{ text: 'other run' }, ...grown.slice(1)])).toEqual(['LATER']);
  });

  it('never takes another array of equal-looking plain values for a grown one', () => {
    expect(maskedSecretNamesInValue([1, secretMaskToken('A'), 3])).toEqual(['A']);
    expect(maskedSecretNamesInValue([1, 'plain', 3, 4])).toEqual([]);
  });
});
