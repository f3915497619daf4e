import { describe, expect, it } from 'vitest';
import { parseTranscriptQuery } from '../../src/shared/view/parseTranscriptQuery';

function errorOf(query: string) {
  const parsed = parseTranscriptQuery(query);
  if (parsed.ok) throw new Error(`expected "${query}" to fail`);
  return parsed.error;
}

describe('parseTranscriptQuery', () => {
  it('reads the example from the issue', () => {
    const parsed = parseTranscriptQuery(
      'type:tool_call tool:github.search_issues status:error took:>500 call:call-4322',
    );
    expect(parsed).toEqual({
      ok: true,
      terms: [
        { kind: 'field', negated: false, key: 'type', pattern: 'tool_call' },
        { kind: 'field', negated: false, key: 'tool', pattern: 'github.search_issues' },
        { kind: 'field', negated: false, key: 'status', pattern: 'error' },
        { kind: 'took', negated: false, op: '>', ms: 500 },
        { kind: 'field', negated: false, key: 'call', pattern: 'call-4322' },
      ],
    });
  });

  it('reads free text, quotes, negation, units and an empty query', () => {
    expect(parseTranscriptQuery('')).toEqual({ ok: true, terms: [] });
    expect(parseTranscriptQuery('  Rate  "a: b \\" c" -type:done took:<=1.5s took:20ms')).toEqual({
      ok: true,
      terms: [
        { kind: 'text', negated: false, text: 'rate' },
        { kind: 'text', negated: false, text: 'a: b " c' },
        { kind: 'field', negated: true, key: 'type', pattern: 'done' },
        { kind: 'took', negated: false, op: '<=', ms: 1500 },
        { kind: 'took', negated: false, op: '=', ms: 20 },
      ],
    });
    expect(parseTranscriptQuery('tool:"my tool"')).toEqual({
      ok: true,
      terms: [{ kind: 'field', negated: false, key: 'tool', pattern: 'my tool' }],
    });
    expect(parseTranscriptQuery('- -x')).toMatchObject({
      ok: true,
      terms: [
        { kind: 'text', negated: false, text: '-' },
        { kind: 'text', negated: true, text: 'x' },
      ],
    });
  });

  it('points at the column of an unknown filter', () => {
    const error = errorOf('type:done colour:red');
    expect(error).toMatchObject({ column: 11, length: 7 });
    expect(error.message).toContain('Unknown filter "colour:"');
    expect(error.message).toContain('double quotes');
    expect(errorOf('-bogus:1')).toMatchObject({ column: 2, length: 6 });
  });

  it('points at the column of a bad duration', () => {
    const error = errorOf('type:tool_call took:>fast');
    expect(error).toMatchObject({ column: 21, length: 5 });
    expect(error.message).toContain('took:>500');
    expect(errorOf('took:5m')).toMatchObject({ column: 6, length: 2 });
  });

  it('points at a key without a value and at an unclosed quote', () => {
    expect(errorOf('status: ok')).toMatchObject({ column: 1, length: 7 });
    expect(errorOf('a "open quote')).toMatchObject({ column: 3, length: 11 });
    expect(errorOf('call:"x')).toMatchObject({ column: 6 });
    expect(errorOf('x dir:up')).toMatchObject({ column: 7, length: 2 });
  });

  it('never throws on arbitrary input', () => {
    const alphabet = ['a', ':', '"', '-', ' ', '>', '=', '5', 's', '\\', 'took', 'type', '*'];
    let seed = 7;
    for (let n = 0; n < 2000; n++) {
      let query = '';
      for (let i = 0; i < 12; i++) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        query += alphabet[seed % alphabet.length];
      }
      const parsed = parseTranscriptQuery(query);
      if (!parsed.ok) {
        expect(parsed.error.column).toBeGreaterThanOrEqual(1);
        expect(parsed.error.column).toBeLessThanOrEqual(query.length + 1);
      }
    }
  });
});
