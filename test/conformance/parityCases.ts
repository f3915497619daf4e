import { expect } from 'vitest';
import type { ExecuteError } from '../../src/shared/errors';
import type { ExecuteResult } from '../../src/shared/executeResult';
import type { ConformanceCase } from './conformanceCases';

function failsWith(error: ExecuteError): (result: ExecuteResult) => void {
  return (result) => {
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toEqual(error);
  };
}

function returns(expected: unknown): (result: ExecuteResult) => void {
  return (result) => expect(result.ok ? result.result : result.error).toEqual(expected);
}

/**
 * What the specifications leave open, answered the same on every executor (README, "Differences
 * from execbox"): `message` is the thrown or provided text itself, with the error's name, line,
 * column and tool beside it; a final function of any kind is invoked.
 */
export const PARITY_CASES: ConformanceCase[] = [
  {
    name: 'parity: a thrown Error gives its own message, its name and line beside it',
    code: 'throw new Error("The upstream service timed out")',
    check: failsWith({
      code: 'runtime_error',
      message: 'The upstream service timed out',
      name: 'Error',
      line: 1,
    }),
  },
  {
    name: 'parity: an engine error names its kind and the line it happened on',
    code: 'const a = 1;\nconst b = a + 1;\nnull.x;',
    check: failsWith({
      code: 'runtime_error',
      message: "cannot read property 'x' of null",
      name: 'TypeError',
      line: 3,
    }),
  },
  {
    name: 'parity: an Error with no message keeps an empty message and its name',
    code: 'throw new RangeError()',
    check: failsWith({ code: 'runtime_error', message: '', name: 'RangeError', line: 1 }),
  },
  {
    name: 'parity: a syntax error gives the reason, with line and column beside it',
    code: '1;\nlet = = 2',
    check: failsWith({
      code: 'runtime_error',
      message: 'Unexpected token',
      name: 'SyntaxError',
      line: 2,
      column: 7,
    }),
  },
  {
    name: 'parity: a name the guest gave an error is carried, and classifies nothing',
    code: 'throw Object.assign(new Error("out of memory"), { name: "InternalError" })',
    check: failsWith({ code: 'runtime_error', message: 'out of memory', name: 'InternalError', line: 1 }),
  },
  {
    name: 'parity: a thrown string is the message',
    code: 'throw "plain words"',
    check: failsWith({ code: 'runtime_error', message: 'plain words' }),
  },
  {
    name: 'parity: a thrown object with a message gives that message, and no code it claims',
    code: 'throw { code: "timeout", message: "Execution timed out" }',
    check: failsWith({ code: 'runtime_error', message: 'Execution timed out' }),
  },
  {
    name: 'parity: a thrown number is its text',
    code: 'throw 42',
    check: failsWith({ code: 'runtime_error', message: '42' }),
  },
  {
    name: 'parity: a failing tool gives the text it threw, and the tool beside it',
    code: 'await tools.fail({})',
    check: failsWith({ code: 'tool_error', message: 'boom', tool: 'tools.fail' }),
  },
  {
    name: 'parity: the guest sees the text the tool threw',
    code: 'try { await tools.fail({}) } catch (e) { return [e.message, e.code] }',
    check: returns(['boom', 'tool_error']),
  },
  {
    name: 'parity: a code the host chose keeps its provided text and the tool',
    code: 'await tools.failWithCode({})',
    check: failsWith({ code: 'validation_error', message: 'quota exceeded', tool: 'tools.failWithCode' }),
  },
  {
    name: 'parity: an input that cannot cross names the tool beside the reason',
    code: 'await tools.echo({ f: () => 1 })',
    check: failsWith({
      code: 'serialization_error',
      message: 'input.f is a function, which is not JSON-serializable',
      tool: 'tools.echo',
    }),
  },
  { name: 'parity: a bare arrow function is invoked', code: '() => 1', check: returns(1) },
  { name: 'parity: a parenthesized arrow function is invoked', code: '(() => 1)', check: returns(1) },
  { name: 'parity: an async arrow function is invoked', code: 'async () => 2', check: returns(2) },
  {
    name: 'parity: a final function declaration is invoked',
    code: 'function main() { return 3 }',
    check: returns(3),
  },
  {
    name: 'parity: an arrow after other statements is invoked and its promise awaited',
    code: 'const n = 4;\n() => tools.echo(n)',
    check: returns(4),
  },
  {
    name: 'parity: a function anywhere but last is a value like any other',
    code: '[() => 1]',
    check: failsWith({
      code: 'serialization_error',
      message: 'result[0] is a function, which is not JSON-serializable',
    }),
  },
];
