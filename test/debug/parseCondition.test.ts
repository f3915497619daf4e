import { describe, expect, it } from 'vitest';
import { matchCondition } from '../../src/main/services/debug/matchCondition';
import { ConditionSyntaxError, parseCondition } from '../../src/main/services/debug/parseCondition';

const matches = (condition: string, input: unknown) => matchCondition(parseCondition(condition), input);

function syntaxError(condition: string): ConditionSyntaxError {
  try {
    parseCondition(condition);
  } catch (error) {
    if (error instanceof ConditionSyntaxError) return error;
    throw error;
  }
  throw new Error(`expected ${condition} to be rejected`);
}

describe('breakpoint conditions', () => {
  it('compares a field with == and != as JSON values', () => {
    expect(matches('q == "bug"', { q: 'bug' })).toBe(true);
    expect(matches('q == "bug"', { q: 'bugs' })).toBe(false);
    expect(matches('q != "bug"', { q: 'bugs' })).toBe(true);
    expect(matches('n == 3', { n: 3 })).toBe(true);
    expect(matches('flag == true', { flag: true })).toBe(true);
    expect(matches('gone == null', { gone: null })).toBe(true);
  });

  it('walks nested paths, array indexes and quoted keys', () => {
    const input = { user: { name: 'ada' }, items: [{ id: 7 }], 'odd key': { x: 1 } };
    expect(matches('user.name == "ada"', input)).toBe(true);
    expect(matches('items[0].id == 7', input)).toBe(true);
    expect(matches('["odd key"].x == 1', input)).toBe(true);
    expect(matches('$.user.name == "ada"', input)).toBe(true);
    expect(matches('$ == "whole"', 'whole')).toBe(true);
    expect(matches('items[3].id == 7', input)).toBe(false);
  });

  it('orders numbers and strings but never mixes them', () => {
    expect(matches('limit > 10', { limit: 11 })).toBe(true);
    expect(matches('limit > 10', { limit: 10 })).toBe(false);
    expect(matches('limit >= 10', { limit: 10 })).toBe(true);
    expect(matches('limit < 10', { limit: '9' })).toBe(false);
    expect(matches('name < "b"', { name: 'a' })).toBe(true);
  });

  it('tests contains on strings, arrays and object keys', () => {
    expect(matches('q contains "ug"', { q: 'bug' })).toBe(true);
    expect(matches('labels contains "p1"', { labels: ['p0', 'p1'] })).toBe(true);
    expect(matches('labels contains "p2"', { labels: ['p0', 'p1'] })).toBe(false);
    expect(matches('$ contains "q"', { q: 1 })).toBe(true);
  });

  it('tests matches with a regex or a string pattern', () => {
    expect(matches('path matches /\\.env$/i', { path: '/app/.ENV' })).toBe(true);
    expect(matches('path matches "^/tmp/"', { path: '/tmp/x' })).toBe(true);
    expect(matches('path matches /^a/', { path: 42 })).toBe(false);
  });

  it('treats a missing field as satisfying only != and failing exists', () => {
    expect(matches('q == "x"', {})).toBe(false);
    expect(matches('q != "x"', {})).toBe(true);
    expect(matches('q exists', {})).toBe(false);
    expect(matches('q exists', { q: 0 })).toBe(true);
    expect(matches('q == "x"', undefined)).toBe(false);
  });

  it('joins clauses with and', () => {
    expect(matches('a == 1 and b == 2', { a: 1, b: 2 })).toBe(true);
    expect(matches('a == 1 and b == 2', { a: 1, b: 3 })).toBe(false);
  });

  it('rejects bad conditions with the column where they break', () => {
    expect(syntaxError('').reason).toMatch(/empty/);
    expect(syntaxError('q = "x"').column).toBe(3);
    expect(syntaxError('q == bug').reason).toMatch(/double quotes/);
    expect(syntaxError('q == "bug" or a == 1').reason).toMatch(/expected "and"/);
    expect(syntaxError('q == "bug" or a == 1').column).toBe(12);
    expect(syntaxError('q matches /(/').reason).toMatch(/invalid regex/);
    expect(syntaxError('q matches /a/g').reason).toMatch(/flag "g"/);
    expect(syntaxError('q ==').reason).toMatch(/needs a value/);
    expect(syntaxError('items[x] == 1').column).toBe(7);
    expect(syntaxError('items[true] == 1').reason).toMatch(/array index or a "quoted key"/);
    expect(syntaxError('filter == {"a":1}').reason).toMatch(/expected a JSON value/);
    expect(syntaxError('1abc == 1').column).toBe(1);
  });

  it('never evaluates JavaScript', () => {
    expect(() => parseCondition('constructor.constructor("return process")() == 1')).toThrow(
      ConditionSyntaxError,
    );
    expect(matches('constructor == 1', {})).toBe(false);
    expect(matches('__proto__ exists', {})).toBe(false);
  });
});
