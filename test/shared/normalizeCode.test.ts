import { describe, expect, it } from 'vitest';
import { asyncFunctionSource } from '../../src/shared/asyncFunctionSource';
import { CodeSyntaxError, normalizeCode } from '../../src/shared/normalizeCode';

type AsyncFn = (...args: unknown[]) => Promise<unknown>;
const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor as new (
  ...params: string[]
) => AsyncFn;

/** Runs the normalized body with `scope` as named parameters (the runner injects globals instead). */
async function run(source: string, scope: Record<string, unknown> = {}): Promise<unknown> {
  const body = normalizeCode(source);
  return new AsyncFunction(...Object.keys(scope), body)(...Object.values(scope));
}

const tools = { echo: async (input: unknown) => input };

describe('normalizeCode', () => {
  it('returns bare expressions with or without a semicolon or trailing comment', async () => {
    expect(await run('1 + 1')).toBe(2);
    expect(await run('1 + 1;')).toBe(2);
    expect(await run('1 + 1 // two')).toBe(2);
    expect(await run('1 + 1; // two')).toBe(2);
    expect(await run('1 + 1 /* two */')).toBe(2);
    expect(await run('  \n"text"\n\n')).toBe('text');
    expect(await run('a = 1, a + 1', { a: 0 })).toBe(2);
  });

  it('returns the final expression of several statements', async () => {
    expect(await run('const a = 2\nconst b = 3\na * b')).toBe(6);
    expect(await run('let total = 0; for (const n of [1, 2, 3]) total += n; total;')).toBe(6);
    expect(await run('const value = await tools.echo({ ok: true }); value.ok', { tools })).toBe(true);
    expect(await run('const x = 1;')).toBeUndefined();
    expect(await run('if (true) { 5 }')).toBeUndefined();
    expect(await run('')).toBeUndefined();
  });

  it('supports top-level await and explicit return', async () => {
    expect(await run('await tools.echo(41) + 1', { tools })).toBe(42);
    expect(await run('const r = await tools.echo("x");\nreturn r + "y";\n', { tools })).toBe('xy');
    expect(await run('if (true) return "early";\n"late"')).toBe('early');
  });

  it('invokes a final function declaration and awaits its value', async () => {
    expect(await run('function main() { return 7 }')).toBe(7);
    expect(await run('async function main() { return await tools.echo(8) }', { tools })).toBe(8);
    expect(await run('const base = 10;\nasync function main() { return base + 1 } // done')).toBe(11);
  });

  it('invokes final async arrows and function expressions', async () => {
    expect(await run('async () => { return await tools.echo(3) }', { tools })).toBe(3);
    expect(await run('async () => 4;')).toBe(4);
    expect(await run('(async () => 5)')).toBe(5);
    expect(await run('(function () { return 6 })')).toBe(6);
  });

  it('unwraps fenced blocks with or without a language', async () => {
    expect(await run('```js\n1 + 2\n```')).toBe(3);
    expect(await run('```\nconst x = 4; x\n```')).toBe(4);
    expect(await run('```javascript\nawait tools.echo(5)\n```\n', { tools })).toBe(5);
    expect(await run('~~~ts\n6\n~~~')).toBe(6);
    expect(await run('Here is the code:\n\n```js\n7\n```\n\nIt returns seven.')).toBe(7);
    // code whose comment holds a fence at line start is code, not a fenced block
    expect(await run('/* usage:\n```js\nx\n```\n*/\n42')).toBe(42);
  });

  it('returns a lone object literal as an object', async () => {
    expect(await run('{ "a": 1, "b": [2] }')).toEqual({ a: 1, b: [2] });
    expect(await run('({ a: 1 })')).toEqual({ a: 1 });
  });

  it('strips a hashbang line', async () => {
    expect(await run('#!/usr/bin/env node\n9')).toBe(9);
  });

  it('answers the same code read twice in a row the same, and every other code its own', () => {
    const first = normalizeCode('6 * 7');
    expect(normalizeCode('6 * 7')).toBe(first);
    expect(normalizeCode('1 + 1')).toBe(normalizeCode('1 + 1'));
    expect(normalizeCode('1 + 1')).not.toBe(first);
    expect(() => normalizeCode('6 *')).toThrow(CodeSyntaxError);
    expect(() => normalizeCode('6 *')).toThrow(CodeSyntaxError);
    expect(normalizeCode('6 * 7')).toBe(first);
  });

  it('reports syntax errors with line and column', () => {
    let caught: unknown;
    try {
      normalizeCode('const a = 1;\nconst = 2;');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CodeSyntaxError);
    expect(caught).toBeInstanceOf(SyntaxError);
    expect((caught as CodeSyntaxError).line).toBe(2);
    // 1-based, as the editor counts: `const = 2` breaks at the `=`, the 7th character.
    expect((caught as CodeSyntaxError).column).toBe(7);
    expect((caught as CodeSyntaxError).message).toMatch(/line 2, column 7/);
  });

  it('cannot close the wrapper and start a second program', async () => {
    const escapes = [
      '}); globalThis.__escaped = true; (async () => {',
      '1 }; globalThis.__escaped = true; { ',
      '}\nglobalThis.__escaped = true\nfunction x() {',
      '1\n--> }); globalThis.__escaped = true; //',
      '<!-- }); globalThis.__escaped = true; //',
      '`${1}`}); globalThis.__escaped = true; (async () => {`',
      '/* */ }) /*',
      '```js\n}); globalThis.__escaped = true; (() => {\n```',
    ];
    for (const attempt of escapes) {
      expect(() => normalizeCode(attempt), attempt).toThrow(CodeSyntaxError);
    }
    // A trailing line comment must not eat the wrapper's closing brace.
    const body = normalizeCode('1 + 1 //');
    expect(await (0, eval)(asyncFunctionSource(body))()).toBe(2);
    expect((globalThis as { __escaped?: boolean }).__escaped).toBeUndefined();
  });

  it('produces a body that evaluates through the exported wrapper', async () => {
    const fn = (0, eval)(
      asyncFunctionSource(normalizeCode('const x = [1, 2, 3];\nx.map((n) => n * 2)')),
    ) as AsyncFn;
    expect(await fn()).toEqual([2, 4, 6]);
  });
});
