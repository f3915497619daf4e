import { describe, expect, it, vi } from 'vitest';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import { toRunnerCode } from '../../src/main/engine/core/toRunnerCode';
import { CodeSyntaxError } from '../../src/shared/normalizeCode';
import { stripGuestTypes } from '../../src/shared/stripGuestTypes';

async function syntaxError(code: string): Promise<CodeSyntaxError> {
  const error = await toRunnerCode(code).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(CodeSyntaxError);
  return error as CodeSyntaxError;
}

describe('guest TypeScript becomes JavaScript with every position kept', () => {
  it('blanks annotations, interfaces, aliases, generics, as, satisfies and non-null', async () => {
    const code = [
      'interface Refund { approved: boolean }',
      'type Id = string;',
      'const n: number = 5;',
      'function first<T>(items: T[]): T { return items[0]!; }',
      'const r = { approved: true } as Refund;',
      'const s = { a: 1 } satisfies Record<string, number>;',
      'first<number>([n]) + s.a',
    ].join('\n');
    const js = await toRunnerCode(code);
    expect(js).toHaveLength(code.length);
    expect(js.split('\n').map((line) => line.length)).toEqual(code.split('\n').map((line) => line.length));
    expect(js).toContain('const n         = 5;');
    expect(js).not.toMatch(/interface|Refund\b.*;|number>/);
    const executor = createInProcessExecutor();
    try {
      expect(await executor.execute(js, [])).toMatchObject({ ok: true, result: 6 });
    } finally {
      await executor.dispose();
    }
  });

  it('reports a runtime error at the line and column the user wrote', async () => {
    const code = 'const a: { deep: { x: number } } = JSON.parse("{}");\nconst v: number = a.deep.x;';
    const executor = createInProcessExecutor();
    try {
      const result = await executor.execute(await toRunnerCode(code), []);
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'runtime_error', name: 'TypeError', line: 2 },
      });
    } finally {
      await executor.dispose();
    }
  });

  it('keeps columns when removed types hold characters outside ASCII', async () => {
    const code = 'const label: "café ☕" | "thé 😀" = "thé 😀"; label.length + undefinedName';
    const js = await toRunnerCode(code);
    expect(js).toHaveLength(code.length);
    expect(js.indexOf('undefinedName')).toBe(code.indexOf('undefinedName'));
  });

  it('strips a ```ts fence in place and keeps the fence for the runner', async () => {
    const code = '```ts\nconst n: number = 2;\nn * 21\n```';
    expect(await toRunnerCode(code)).toBe('```ts\nconst n         = 2;\nn * 21\n```');
    const prose = 'Here you go:\n\n```typescript\nconst n: number = 2;\nn\n```\nThat is all.';
    expect(await toRunnerCode(prose)).toContain('const n         = 2;');
  });

  it('does not load the stripper for plain JavaScript', async () => {
    const load = vi.fn();
    expect(await stripGuestTypes('const a = 1; a + 1', load)).toBe('const a = 1; a + 1');
    expect(await stripGuestTypes('{ "a": 1 }', load)).toBe('{ "a": 1 }');
    expect(load).not.toHaveBeenCalled();
  });

  it('reads `f<T>(x)` as a call with type arguments, as TypeScript does', async () => {
    expect(await toRunnerCode('f<string>("x")')).toBe('f        ("x")');
  });

  it('runs JavaScript that TypeScript reads differently as JavaScript', async () => {
    expect(await toRunnerCode('{ "a": 1 < 2 }')).toBe('{ "a": 1 < 2 }');
  });

  // Lines and columns are 1-based, as the editor counts them.
  it.each([
    ['enum Color { Red }', 1, 1],
    ['const a = 1;\n  namespace N { export const x = 1 }', 2, 3],
    ['class C { constructor(private x: number) {} }', 1, 31],
  ])('rejects %j, which needs generated code, with a clear message', async (code, line, column) => {
    const error = await syntaxError(code);
    expect(error.message).toMatch(/not supported/);
    expect(error.message).toMatch(/enums, namespaces and parameter properties/);
    expect([error.line, error.column]).toEqual([line, column]);
  });

  it('runs annotated TypeScript with a top-level return and generics in angle brackets', async () => {
    const code =
      'const codes: Record<string, number> = { a: 403 };\nif (codes.a > 400) return codes;\nreturn null;';
    const executor = createInProcessExecutor();
    try {
      expect(await executor.execute(await toRunnerCode(code), [])).toMatchObject({
        ok: true,
        result: { a: 403 },
      });
    } finally {
      await executor.dispose();
    }
  });

  it('reports a TypeScript syntax error at the user position', async () => {
    const error = await syntaxError('const a = 1;\nconst é: number = ;');
    expect([error.line, error.column]).toEqual([2, 19]);
  });

  it('reports code that ends too early at its last line, not at the line after it', async () => {
    const unfinished = await syntaxError('const a: number = 1;\nconst b = (a +\n');
    expect([unfinished.line, unfinished.column]).toEqual([3, 1]);
    const oneLine = await syntaxError('const a: number = (1 +');
    expect([oneLine.line, oneLine.column]).toEqual([1, 23]);
  });

  it('reports the syntax error of a fenced block relative to the block', async () => {
    const error = await syntaxError('```ts\nconst ok: number = 1;\nenum E { A }\n```');
    expect(error.line).toBe(2);
  });
});
