import { fail } from '../CaseFailure';
import { defineCase } from '../conformanceCase';
import { expectErrorCode, expectOk, toolCallsIn } from '../expectations';

const RULE_RESULT =
  'non-serializable final guest results must surface as serialization_error (bigint, functions, symbols, non-finite numbers, cyclic values, non-plain objects, and undefined anywhere but the whole result, are rejected)';

/** One case per kind of value the specification rejects as a final result. */
const unsafeResults: [name: string, title: string, code: string][] = [
  ['result-bigint', 'a bigint result is a serialization_error', '10n'],
  [
    'result-function',
    'a function result is a serialization_error',
    'const named = function named() {}; named',
  ],
  ['result-symbol', 'a symbol result is a serialization_error', 'Symbol("s")'],
  ['result-non-finite', 'a non-finite number result is a serialization_error', '({ value: 1 / 0 })'],
  ['result-cyclic', 'a cyclic result is a serialization_error', 'const a = { name: "a" }; a.self = a; a'],
  ['result-non-plain', 'a non-plain object result is a serialization_error', 'new Map([["k", 1]])'],
  [
    'result-undefined-in-array',
    'an undefined inside an array is a serialization_error, not null',
    '[undefined, 1]',
  ],
  [
    'result-nested-bigint',
    'a bigint deep inside a result is a serialization_error',
    '({ list: [1, { big: 2n }] })',
  ],
];

export const serializationCases = [
  defineCase(
    'serialization',
    'plain-values-round-trip',
    {
      title: 'null, strings, booleans, finite numbers, arrays and plain objects come back unchanged',
      rule: 'the specification allows null, strings, booleans, finite numbers, arrays of serializable values and plain objects with serializable values',
    },
    async (session) => {
      const value = {
        s: 'text ✓',
        n: -1.5,
        i: 0,
        b: false,
        z: null,
        a: [1, 'two', [true], { three: 3 }],
        o: {},
      };
      session.execute({ code: `await tools.echo(${JSON.stringify(value)})` });
      const done = await session.untilDone();
      expectOk(done, value);
    },
  ),
  defineCase(
    'serialization',
    'undefined-result',
    {
      title: 'an expression evaluating to undefined succeeds without a result',
      rule: 'undefined is allowed for successful expressions that evaluate to undefined; a JSON transport may omit result when ok is true',
    },
    async (session) => {
      session.execute({ code: 'let nothing; nothing' });
      const done = await session.untilDone();
      expectOk(done);
      if (done.ok && done.result !== undefined)
        fail(`expected no result, got ${JSON.stringify(done.result)}`);
    },
  ),
  ...unsafeResults.map(([name, title, code]) =>
    defineCase('serialization', name, { title, rule: RULE_RESULT }, async (session) => {
      session.execute({ code });
      expectErrorCode(await session.untilDone(), 'serialization_error');
    }),
  ),
  defineCase(
    'serialization',
    'unsafe-tool-input',
    {
      title: 'a tool input that cannot cross the boundary is never sent as a tool_call',
      rule: 'non-serializable tool inputs must not be surfaced to the host as successful structured values',
    },
    async (session) => {
      session.execute({ code: 'const a = {}; a.self = a; await tools.echo(a); "sent"' });
      const done = await session.untilDone();
      const calls = toolCallsIn(session.received);
      if (calls.length > 0)
        fail(`the runner sent a tool_call for a cyclic input: ${JSON.stringify(calls[0])}`);
      if (done.ok) fail(`expected the guest to fail, but done was ok with ${JSON.stringify(done.result)}`);
    },
  ),
  defineCase(
    'serialization',
    'unsafe-tool-input-bigint',
    {
      title: 'a bigint tool input is never sent as a tool_call',
      rule: 'non-serializable tool inputs must not be surfaced to the host as successful structured values',
    },
    async (session) => {
      session.execute({ code: 'await tools.echo({ big: 1n }); "sent"' });
      const done = await session.untilDone();
      if (toolCallsIn(session.received).length > 0) fail('the runner sent a tool_call for a bigint input');
      if (done.ok) fail(`expected the guest to fail, but done was ok with ${JSON.stringify(done.result)}`);
    },
  ),
  defineCase(
    'serialization',
    'unsafe-input-catchable',
    {
      title: 'the guest can catch the rejection of an unsafe tool input and carry on',
      rule: 'non-serializable tool inputs must not be surfaced to the host as successful structured values (the failure belongs to the guest call)',
      level: 'should',
    },
    async (session) => {
      session.execute({
        code: 'let outcome = "sent"; try { await tools.echo(() => 1) } catch { outcome = "caught" } outcome',
      });
      const done = await session.untilDone();
      if (toolCallsIn(session.received).length > 0) fail('the runner sent a tool_call for a function input');
      expectOk(done, 'caught');
    },
  ),
];
