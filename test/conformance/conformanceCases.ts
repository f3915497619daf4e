import { expect } from 'vitest';
import type { ExecuteResult } from '../../src/shared/executeResult';
import type { ExecuteErrorCode } from '../../src/shared/errors';
import type { ExecutorRuntimeOptions } from '../../src/shared/runtimeOptions';

export interface ConformanceCase {
  name: string;
  /** Also run against ephemeral shells: the cases where a shell's start and end could matter. */
  lifecycle?: boolean;
  code: string;
  options?: Partial<ExecutorRuntimeOptions>;
  check(result: ExecuteResult): void;
}

const MiB = 1024 * 1024;

function ok(expected: unknown): (result: ExecuteResult) => void {
  return (result) => {
    expect(result.ok ? result : result.error).toEqual(expect.objectContaining({ ok: true }));
    if (result.ok) expect(result.result).toEqual(expected);
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(Array.isArray(result.logs)).toBe(true);
  };
}

function fails(code: ExecuteErrorCode, message?: RegExp): (result: ExecuteResult) => void {
  return (result) => {
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe(code);
    expect(typeof result.error.message).toBe('string');
    if (message) expect(result.error.message).toMatch(message);
  };
}

function logs(expected: string[]): (result: ExecuteResult) => void {
  return (result) => {
    expect(result.ok).toBe(true);
    expect(result.logs).toEqual(expected);
  };
}

/** Every MUST of the runner specification that a single execution can show, as data. */
export const CONFORMANCE_CASES: ConformanceCase[] = [
  // Results
  { name: 'an expression is the result', lifecycle: true, code: '1 + 1', check: ok(2) },
  { name: 'a trailing semicolon still returns the value', code: '1 + 1;', check: ok(2) },
  { name: 'a trailing comment still returns the value', code: '1 + 1 // two', check: ok(2) },
  { name: 'explicit return', code: 'const x = 20; return x + 1;', check: ok(21) },
  { name: 'undefined is a successful result without a value', code: 'undefined', check: ok(undefined) },
  {
    name: 'null, strings, booleans, arrays and plain objects',
    code: '({ a: [1, "x", true, null], b: { c: -0.5 } })',
    check: ok({ a: [1, 'x', true, null], b: { c: -0.5 } }),
  },
  {
    name: 'the spec example: await a tool then use its value',
    lifecycle: true,
    code: 'const value = await tools.echo({ ok: true }); value.ok',
    check: ok(true),
  },
  {
    name: 'an uncaught guest error is runtime_error',
    code: 'throw new TypeError("bad thing")',
    check: fails('runtime_error', /^bad thing$/),
  },
  {
    name: 'an uncaught error names the line of the guest code',
    code: 'const a = 1;\nconst b = a + 1;\nnull.x;',
    check: (result) => expect(result).toMatchObject({ error: { name: 'TypeError', line: 3 } }),
  },
  {
    name: 'a syntax error is runtime_error naming the position',
    code: 'let = = 2',
    check: (result) => expect(result).toMatchObject({ error: { name: 'SyntaxError', line: 1 } }),
  },
  {
    name: 'a stack overflow is a clear runtime_error',
    lifecycle: true,
    code: 'function f() { return f() + 1 } f()',
    check: fails('runtime_error', /stack/i),
  },
  {
    name: 'deeply nested JSON.parse is runtime_error, not a runner failure',
    lifecycle: true,
    code: "JSON.parse('['.repeat(30000))",
    check: fails('runtime_error'),
  },
  {
    name: 'a deeply nested literal in eval is runtime_error',
    code: "eval('['.repeat(30000))",
    check: fails('runtime_error'),
  },
  {
    name: 'the runner still works after the engine ran out of native stack',
    code: '"fine"',
    check: ok('fine'),
  },
  {
    name: 'a promise nothing can settle fails instead of hanging',
    code: 'await new Promise(() => {})',
    options: { timeoutMs: 20_000 },
    check: fails('runtime_error'),
  },

  // Logs
  {
    name: 'console.log/info/warn/error format their arguments',
    lifecycle: true,
    code: 'console.log("a", 1, { b: 2 }, undefined, null, [1]); console.info("i"); console.warn(true); console.error(new Error("e"));',
    check: logs(['a 1 {"b":2} undefined null [1]', 'i', 'true', 'Error: e']),
  },
  {
    name: 'values JSON cannot show fall back to String()',
    code: 'console.log(10n, Symbol("s"), function named() {}.name)',
    check: logs(['10 Symbol(s) named']),
  },
  {
    name: 'maxLogLines keeps the earliest lines',
    code: 'for (let i = 0; i < 10; i++) console.log(i)',
    options: { maxLogLines: 3 },
    check: logs(['0', '1', '2']),
  },
  {
    name: 'maxLogChars applies cumulatively and clips the last line',
    code: 'console.log("abcdef"); console.log("ghijkl"); console.log("mnop")',
    options: { maxLogChars: 10 },
    check: logs(['abcdef', 'ghij']),
  },
  {
    name: 'a guest logging in a loop stays within the caps until the timeout',
    lifecycle: true,
    code: 'for (;;) console.log("x".repeat(1000))',
    options: { timeoutMs: 300, maxLogLines: 5, maxLogChars: 2500 },
    check: (result) => {
      fails('timeout')(result);
      expect(result.logs).toEqual(['x'.repeat(1000), 'x'.repeat(1000), 'x'.repeat(500)]);
    },
  },
  {
    name: 'logs survive a failure',
    code: 'console.log("before"); throw new Error("x")',
    check: (r) => expect(r.logs).toEqual(['before']),
  },

  // Nothing from the host
  {
    name: 'no Node globals, no require, no timers',
    lifecycle: true,
    code: '[typeof process, typeof require, typeof module, typeof exports, typeof Buffer, typeof setTimeout, typeof setInterval, typeof fetch, typeof __dirname, typeof WebAssembly]',
    check: ok(Array(10).fill('undefined')),
  },
  {
    name: 'what exists: the language built-ins, console and the tool namespaces',
    code: '[typeof JSON, typeof Promise, typeof Date, typeof RegExp, typeof Proxy, typeof Map, typeof Uint8Array, typeof console.log, typeof tools.echo]',
    check: ok([
      'object',
      'function',
      'function',
      'function',
      'function',
      'function',
      'function',
      'function',
      'function',
    ]),
  },
  {
    name: 'the Function constructor reaches only the sandbox',
    code: 'const g = Function("return this")(); [typeof g.process, typeof g.require, g === globalThis]',
    check: ok(['undefined', 'undefined', true]),
  },
  {
    name: 'dynamic import of host modules fails',
    code: 'await import("node:fs")',
    check: fails('runtime_error'),
  },
  {
    name: 'tool proxies expose no host internals',
    code: 'Object.getOwnPropertyNames(tools).sort()',
    check: ok([
      'add',
      'big',
      'deep',
      'die',
      'echo',
      'fail',
      'failWithCode',
      'hang',
      'nothing',
      'pollute',
      'returnsFunction',
      'search',
    ]),
  },

  // Tool round trips
  {
    name: 'sequential tool calls',
    code: 'let s = 0; for (let i = 0; i < 20; i++) s += await tools.add({ a: i, b: 1 }); s',
    check: ok(210),
  },
  {
    name: 'parallel tool calls with Promise.all',
    lifecycle: true,
    code: 'await Promise.all([1, 2, 3].map((n) => tools.echo(n * 2)))',
    check: ok([2, 4, 6]),
  },
  {
    name: 'only the first argument is transported',
    code: 'await tools.echo("first", "second")',
    check: ok('first'),
  },
  {
    name: 'omitted input arrives as undefined',
    code: 'const r = await tools.echo(); r === undefined',
    check: ok(true),
  },
  {
    name: 'a tool returning undefined succeeds',
    code: 'const r = await tools.nothing({}); [r === undefined]',
    check: ok([true]),
  },

  // Classified failures, both directions
  {
    name: 'invalid tool input is validation_error',
    code: 'await tools.search({ q: 1 })',
    check: fails('validation_error'),
  },
  {
    name: 'a throwing tool is tool_error with its message',
    lifecycle: true,
    code: 'await tools.fail({})',
    check: fails('tool_error', /boom/),
  },
  {
    name: 'a trusted code chosen by the host survives uncaught',
    code: 'await tools.failWithCode({})',
    check: fails('validation_error', /quota exceeded/),
  },
  {
    name: 'a caught and rethrown host error keeps its code',
    code: 'try { await tools.fail({}) } catch (e) { throw e }',
    check: fails('tool_error'),
  },
  {
    name: 'the guest can catch a tool error and go on',
    code: 'try { await tools.fail({}) } catch (e) { return [e instanceof Error, e.code, typeof e.message] }',
    check: ok([true, 'tool_error', 'string']),
  },
  {
    name: 'a tool input and result nested exactly 512 levels (the value limit) round-trip',
    code:
      'let v = 0; for (let i = 0; i < 512; i++) v = [v]; const back = await tools.echo(v); ' +
      'let d = 0; for (let x = back; Array.isArray(x); x = x[0]) d++; if (d !== 512) throw new Error(`depth ${d}`); back',
    check: (result) => {
      expect(result.ok ? result : result.error).toMatchObject({ ok: true });
      if (!result.ok) return;
      let depth = 0;
      for (let x = result.result; Array.isArray(x); x = x[0] as unknown) depth++;
      expect(depth).toBe(512);
    },
  },
  {
    name: 'a tool input nested 513 levels is serialization_error at once, not a timeout',
    code: 'let v = 0; for (let i = 0; i < 513; i++) v = [v]; await tools.echo(v)',
    options: { timeoutMs: 60_000 },
    check: fails('serialization_error', /nested deeper than 512 levels/),
  },
  {
    name: 'a non-serializable tool input is serialization_error',
    lifecycle: true,
    code: 'await tools.echo({ f: () => 1 })',
    check: fails('serialization_error', /input\.f/),
  },
  {
    name: 'a cyclic tool input is serialization_error',
    code: 'const a = {}; a.self = a; await tools.echo(a)',
    check: fails('serialization_error', /cyclic/),
  },
  {
    name: 'a non-serializable tool result is serialization_error',
    code: 'await tools.returnsFunction({})',
    check: fails('serialization_error'),
  },
  {
    name: 'a function in the result is serialization_error',
    code: '[1, () => 1]',
    check: fails('serialization_error', /result\[1\] is a function/),
  },
  {
    name: 'a Map result is serialization_error',
    code: 'new Map([[1, 2]])',
    check: fails('serialization_error', /Map/),
  },
  {
    name: 'a bigint result is serialization_error',
    code: '10n',
    check: fails('serialization_error', /bigint/),
  },
  {
    name: 'a non-finite result is serialization_error',
    code: '({ n: NaN })',
    check: fails('serialization_error', /result\.n/),
  },
  {
    name: 'a cyclic result is serialization_error',
    code: 'const a = [1]; a.push(a); a',
    check: fails('serialization_error', /cyclic/),
  },
  {
    name: 'a getter in the result is serialization_error',
    code: '({ get x() { return 1 } })',
    check: fails('serialization_error', /accessor/),
  },

  // The reference's defects, not reproduced
  {
    name: 'a CPU loop after an await is timeout',
    lifecycle: true,
    code: 'await tools.echo(1); for (;;) {}',
    options: { timeoutMs: 300 },
    check: fails('timeout'),
  },
  {
    name: 'a CPU loop after many awaits is timeout',
    code: 'for (let i = 0; i < 5; i++) await tools.echo(i); while (true) {}',
    options: { timeoutMs: 300 },
    check: fails('timeout'),
  },
  {
    name: 'a plain CPU loop is timeout',
    code: 'while (true) {}',
    options: { timeoutMs: 300 },
    check: fails('timeout'),
  },
  {
    name: 'a guest cannot forge timeout by throwing its shape',
    code: 'throw { code: "timeout", message: "Execution timed out" }',
    check: fails('runtime_error'),
  },
  {
    name: 'a guest cannot forge memory_limit with a message',
    code: 'throw new Error("out of memory")',
    check: fails('runtime_error'),
  },
  {
    name: 'rewriting a caught host error code is runtime_error',
    lifecycle: true,
    code: 'try { await tools.fail({}) } catch (e) { e.code = "timeout"; throw e }',
    check: fails('runtime_error'),
  },
  {
    name: 'a look-alike host error is runtime_error',
    code: 'const e = new Error("boom"); e.code = "tool_error"; throw e',
    check: fails('runtime_error'),
  },
  {
    name: 'memory: arrays several times the limit are memory_limit',
    lifecycle: true,
    code: 'const keep = []; for (;;) keep.push(new Array(100000).fill(1.5))',
    options: { memoryLimitBytes: 16 * MiB, timeoutMs: 20_000 },
    check: fails('memory_limit'),
  },
  {
    name: 'memory: typed arrays several times the limit are memory_limit',
    code: 'const keep = []; for (;;) keep.push(new Float64Array(1 << 17))',
    options: { memoryLimitBytes: 16 * MiB, timeoutMs: 20_000 },
    check: fails('memory_limit'),
  },
  {
    name: 'memory: strings several times the limit are memory_limit',
    code: 'const keep = []; for (let i = 0; ; i++) keep.push("y".repeat(1 << 20) + i)',
    options: { memoryLimitBytes: 16 * MiB, timeoutMs: 20_000 },
    check: fails('memory_limit'),
  },
  {
    name: 'memory: small objects several times the limit are memory_limit',
    code: 'const keep = []; for (let i = 0; ; i++) keep.push({ i, s: "v" })',
    options: { memoryLimitBytes: 16 * MiB, timeoutMs: 20_000 },
    check: fails('memory_limit'),
  },
  {
    name: 'memory: after an out-of-memory the next execution runs normally',
    lifecycle: true,
    code: '[1, 2, 3].length',
    check: ok(3),
  },

  // Hostile guests
  {
    name: 'prototype pollution through a tool result stays an own property',
    code: 'const r = await tools.pollute({}); [typeof ({}).polluted, Object.keys(r).sort(), Object.getPrototypeOf(r) === Object.prototype, r.__proto__.polluted]',
    check: (result) => {
      ok(['undefined', ['__proto__', 'constructor'], true, true])(result);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  },
  {
    name: 'guest prototype pollution does not change how results serialize',
    code: 'Object.prototype.toJSON = () => "hacked"; Array.prototype.toJSON = () => "hacked"; JSON.stringify = () => "{}"; ({ a: [1] })',
    check: ok({ a: [1] }),
  },
  {
    name: 'a guest that replaces every method the checks rely on still gets exact serialization errors',
    code:
      'Object.prototype.hasOwnProperty = () => true; Object.prototype.isPrototypeOf = () => true; ' +
      'Reflect.apply = () => true; RegExp.prototype.test = () => true; Object.getPrototypeOf = () => null; ' +
      'Object.getOwnPropertyDescriptor = () => ({ value: 1 }); Array.isArray = () => true; ' +
      'globalThis.Object = function () {}; globalThis.Array = function () {}; ' +
      '({ fine: [1, { "a-b": 2 }], get bad() { return 1 } })',
    check: fails('serialization_error', /^result\.bad is an accessor property$/),
  },
  {
    name: 'the error path quotes a non-identifier key even when RegExp methods are replaced',
    code: 'RegExp.prototype.test = () => true; RegExp.prototype.exec = () => null; ({ "a-b": { c: 1n } })',
    check: fails('serialization_error', /^result\["a-b"\]\.c is a bigint, which is not JSON-serializable$/),
  },
  {
    name: 'a class instance is still refused when the guest replaces Object and Object.prototype methods',
    code: 'class Point {}; globalThis.Object = function () {}; Object.prototype = Point.prototype; [new Point()]',
    check: fails('serialization_error', /^result\[0\] is a Point instance, not a plain object$/),
  },
  {
    name: 'console names errors even when the guest replaces Error and isPrototypeOf',
    code:
      'const e = new TypeError("boom"); globalThis.Error = function () {}; ' +
      'Object.prototype.isPrototypeOf = () => false; console.log(e, { a: 1 }); 1',
    check: logs(['TypeError: boom {"a":1}']),
  },
  {
    name: 'a huge string round-trips',
    code: '(await tools.echo("z".repeat(1 << 20))).length',
    check: ok(1 << 20),
  },
  {
    name: 'a huge tool result arrives',
    lifecycle: true,
    code: '(await tools.big(4 << 20)).length',
    check: ok(4 << 20),
  },
  {
    name: 'a huge array result is returned',
    code: 'Array.from({ length: 200000 }, (_, i) => i).length',
    check: ok(200000),
  },
  {
    name: 'deep payloads within the depth limit round-trip',
    code: 'let v = await tools.deep(200); let n = 0; while (Array.isArray(v)) { v = v[0]; n++ } [n, v]',
    check: ok([200, 'bottom']),
  },
  {
    name: 'a payload nested deeper than the limit is serialization_error',
    code: 'let v = 0; for (let i = 0; i < 600; i++) v = [v]; await tools.echo(v)',
    check: fails('serialization_error', /deeper/),
  },
  {
    name: 'unicode edge strings round-trip unchanged',
    lifecycle: true,
    code: 'const s = ["\\u0000", "\\ud800", "\\udfff", "😀", "\\u2028\\u2029", "e\\u0301", "\\uffff"]; const r = await tools.echo(s); [r.every((x, i) => x === s[i]), r.length]',
    check: ok([true, 7]),
  },
  {
    name: 'unicode edge strings cross in results',
    code: '"\\u0000|\\ud800|😀|\\u2028"',
    check: ok('\u0000|\ud800|😀|\u2028'),
  },
];
