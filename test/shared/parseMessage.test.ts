import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_MESSAGE_BYTES,
  encodeMessage,
  parseHostMessage,
  parseRunnerMessage,
} from '../../src/shared/protocol/parseMessage';
import type { ProtocolMessage } from '../../src/shared/protocol/messages';
import { MAX_MESSAGE_DEPTH } from '../../src/shared/protocol/limits';

const options = { timeoutMs: 1000, memoryLimitBytes: 67108864, maxLogLines: 100, maxLogChars: 64000 };
const execute = {
  type: 'execute',
  id: 'exec-1',
  code: 'await tools.echo({"ok":true})',
  options,
  providers: [
    {
      name: 'tools',
      tools: { echo: { safeName: 'echo', originalName: 'echo', description: 'Echo input' } },
      types: 'declare namespace tools { }',
    },
  ],
};

function reasonOf(result: { ok: true } | { ok: false; reason: string }): string {
  if (result.ok) throw new Error('expected a rejection');
  return result.reason;
}

describe('parseHostMessage', () => {
  it('accepts the spec transcript host messages as JSON text and as decoded values', () => {
    const lines = [
      execute,
      { type: 'tool_result', callId: 'call-1', ok: true, result: { ok: true } },
      { type: 'cancel', id: 'exec-2' },
      { type: 'tool_result', callId: 'call-2', ok: false, error: { code: 'timeout', message: 'slow' } },
    ];
    for (const line of lines) {
      expect(parseHostMessage(JSON.stringify(line))).toEqual({ ok: true, message: line });
      expect(parseHostMessage(structuredClone(line))).toEqual({ ok: true, message: line });
    }
  });

  it('treats a tool_result without result as an undefined success', () => {
    const parsed = parseHostMessage('{"type":"tool_result","callId":"c","ok":true}');
    expect(parsed).toEqual({ ok: true, message: { type: 'tool_result', callId: 'c', ok: true } });
    expect(parsed.ok && 'result' in parsed.message).toBe(false);
  });

  it('rejects runner messages and unknown types', () => {
    expect(reasonOf(parseHostMessage({ type: 'started', id: 'x' }))).toMatch(
      /"started" is not valid from the host/,
    );
    expect(reasonOf(parseHostMessage({ type: 'explode', id: 'x' }))).toMatch(
      /unknown message type "explode"/,
    );
    expect(reasonOf(parseHostMessage({ id: 'x' }))).toMatch(/message.type must be a string/);
  });

  it('names the field and place of every malformed part', () => {
    const cases: [unknown, RegExp][] = [
      [{ type: 'cancel', id: '' }, /cancel.id must be a non-empty string/],
      [{ type: 'cancel', id: 1 }, /cancel.id must be a non-empty string/],
      [{ type: 'cancel', id: 'a', extra: 1 }, /cancel has unexpected field "extra"/],
      [{ ...execute, code: 5 }, /execute.code must be a string \(got number\)/],
      [
        { ...execute, options: { ...options, timeoutMs: -5 } },
        /execute.options: timeoutMs must be an integer.*got -5/,
      ],
      [{ ...execute, options: { timeoutMs: 5 } }, /execute.options: memoryLimitBytes is required/],
      [{ ...execute, options: { ...options, turbo: true } }, /unknown runtime option "turbo"/],
      [{ ...execute, providers: {} }, /execute.providers must be an array/],
      [
        { ...execute, providers: [{ ...execute.providers[0], name: 'JSON' }] },
        /providers\[0\].name "JSON" would shadow/,
      ],
      [
        { ...execute, providers: [execute.providers[0], execute.providers[0]] },
        /providers\[1\].name "tools" appears twice/,
      ],
      [
        {
          ...execute,
          providers: [{ ...execute.providers[0], tools: { echo: { safeName: 'other', originalName: 'e' } } }],
        },
        /tools\["echo"\].safeName must equal its key "echo"/,
      ],
      [
        {
          ...execute,
          providers: [
            { ...execute.providers[0], tools: { class: { safeName: 'class', originalName: 'e' } } },
          ],
        },
        /safeName "class" is not a usable identifier/,
      ],
      [{ type: 'tool_result', callId: 'c', ok: 'yes' }, /tool_result.ok must be a boolean \(got string\)/],
      [{ type: 'tool_result', callId: 'c', ok: false }, /tool_result with ok: false must carry an error/],
      [
        { type: 'tool_result', callId: 'c', ok: true, error: { code: 'timeout', message: '' } },
        /must not carry an error/,
      ],
      [
        { type: 'tool_result', callId: 'c', ok: false, result: 1, error: { code: 'timeout', message: '' } },
        /must not carry a result/,
      ],
      [
        { type: 'tool_result', callId: 'c', ok: false, error: { code: 'boom', message: 'x' } },
        /tool_result.error.code must be one of timeout/,
      ],
      [
        { type: 'tool_result', callId: 'c', ok: false, error: { code: 'timeout' } },
        /tool_result.error.message must be a string/,
      ],
      [
        { type: 'tool_result', callId: 'c', ok: true, result: new Date(0) },
        /message.result is a Date instance, not a plain object/,
      ],
    ];
    for (const [raw, reason] of cases) expect(reasonOf(parseHostMessage(raw))).toMatch(reason);
  });

  it('rejects invalid JSON text and non-object messages', () => {
    expect(reasonOf(parseHostMessage('{"type":'))).toMatch(/message is not valid JSON/);
    expect(reasonOf(parseHostMessage('[1,2]'))).toMatch(/message must be an object \(got an array\)/);
    expect(reasonOf(parseHostMessage(null))).toMatch(/message must be an object \(got null\)/);
    expect(reasonOf(parseHostMessage(undefined))).toMatch(/message is undefined/);
  });

  it('rejects oversized messages, as text and as decoded values', () => {
    const big = JSON.stringify({ type: 'tool_result', callId: 'c', ok: true, result: 'x'.repeat(2000) });
    expect(reasonOf(parseHostMessage(big, { maxBytes: 1000 }))).toMatch(/over the 1000-byte limit/);
    expect(reasonOf(parseHostMessage(JSON.parse(big), { maxBytes: 1000 }))).toMatch(
      /larger than the 1000-byte limit/,
    );
    expect(parseHostMessage(big, { maxBytes: 5000 }).ok).toBe(true);
    // multi-byte characters count as their UTF-8 size
    const wide = JSON.stringify({ type: 'cancel', id: '€'.repeat(400) });
    expect(reasonOf(parseHostMessage(wide, { maxBytes: 1000 }))).toMatch(/over the 1000-byte limit/);
    expect(DEFAULT_MAX_MESSAGE_BYTES).toBe(32 * 1024 * 1024);
  });

  it('never throws on hostile values: getters, proxies, cycles, deep nesting', () => {
    let called = false;
    const getter = { type: 'cancel' } as Record<string, unknown>;
    Object.defineProperty(getter, 'id', { enumerable: true, get: () => ((called = true), 'x') });
    expect(reasonOf(parseHostMessage(getter))).toMatch(/message.id is an accessor property/);
    expect(called).toBe(false);

    const trap = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('trap!');
        },
      },
    );
    expect(reasonOf(parseHostMessage(trap))).toMatch(/trap!/);

    const cyclic: Record<string, unknown> = { type: 'tool_result', callId: 'c', ok: true };
    cyclic.result = { back: cyclic };
    expect(reasonOf(parseHostMessage(cyclic))).toMatch(/message.result.back is a cyclic reference/);

    const deepText = `{"type":"tool_result","callId":"c","ok":true,"result":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    expect(reasonOf(parseHostMessage(deepText))).toBe(
      `message is nested deeper than ${MAX_MESSAGE_DEPTH} levels`,
    );
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(reasonOf(parseHostMessage({ type: 'tool_result', callId: 'c', ok: true, result: deep }))).toMatch(
      /nested deeper/,
    );
  });
});

describe('parseHostMessage of an execute built in this process (builtInProcess)', () => {
  const built = { builtInProcess: true };

  it('reads it as the strict parse does', () => {
    expect(parseHostMessage(execute, built)).toEqual(parseHostMessage(execute));
    expect(parseHostMessage(execute, built)).toEqual({ ok: true, message: execute });
  });

  it('still checks every field of an execute, with the same reasons', () => {
    const bad: unknown[] = [
      { ...execute, code: 5 },
      { ...execute, id: '' },
      { ...execute, extra: true },
      { ...execute, options: { ...options, timeoutMs: -5 } },
      { ...execute, options: { timeoutMs: 5 } },
      { ...execute, providers: [{ ...execute.providers[0], name: 'JSON' }] },
      { ...execute, providers: [execute.providers[0], execute.providers[0]] },
      {
        ...execute,
        providers: [{ ...execute.providers[0], tools: { class: { safeName: 'class', originalName: 'e' } } }],
      },
    ];
    for (const raw of bad) {
      const strict = reasonOf(parseHostMessage(raw));
      expect(reasonOf(parseHostMessage(raw, built))).toBe(strict);
    }
  });

  it('still refuses an execute over the byte limit, counting it as JSON text', () => {
    const long = { ...execute, code: 'x'.repeat(2000) };
    expect(reasonOf(parseHostMessage(long, { ...built, maxBytes: 1000 }))).toMatch(
      /^message is \d+ bytes, over the 1000-byte limit$/,
    );
    // escapes and multi-byte characters count as the bytes they take on the wire
    const escaped = { ...execute, code: '\n'.repeat(400) };
    expect(reasonOf(parseHostMessage(escaped, { ...built, maxBytes: 1000 }))).toMatch(/over the 1000-byte/);
    const wide = { ...execute, code: '€'.repeat(300) };
    expect(reasonOf(parseHostMessage(wide, { ...built, maxBytes: 1000 }))).toMatch(/over the 1000-byte/);
    expect(parseHostMessage({ ...execute, code: 'x'.repeat(500) }, { ...built, maxBytes: 1000 }).ok).toBe(
      true,
    );
  });

  it('walks every other message as usual: a tool_result carries what a provider returned', () => {
    const dated = { type: 'tool_result', callId: 'c', ok: true, result: new Date(0) };
    expect(reasonOf(parseHostMessage(dated, built))).toMatch(/message.result is a Date instance/);
    const cyclic: Record<string, unknown> = { type: 'tool_result', callId: 'c', ok: true };
    cyclic.result = { back: cyclic };
    expect(reasonOf(parseHostMessage(cyclic, built))).toMatch(/cyclic reference/);
  });
});

describe('parseRunnerMessage', () => {
  it('accepts started, tool_call and done from the spec transcripts', () => {
    const lines = [
      { type: 'started', id: 'exec-1' },
      {
        type: 'tool_call',
        callId: 'call-1',
        providerName: 'tools',
        safeToolName: 'echo',
        input: { ok: true },
      },
      { type: 'done', id: 'exec-1', ok: true, durationMs: 3, logs: [], result: true },
      {
        type: 'done',
        id: 'exec-2',
        ok: false,
        durationMs: 1005,
        logs: ['a'],
        error: { code: 'timeout', message: 'Execution timed out' },
      },
    ];
    for (const line of lines)
      expect(parseRunnerMessage(JSON.stringify(line))).toEqual({ ok: true, message: line });
  });

  it('treats omitted tool input and done result as undefined', () => {
    const call = parseRunnerMessage(
      '{"type":"tool_call","callId":"c","providerName":"p","safeToolName":"t"}',
    );
    expect(call.ok && 'input' in call.message).toBe(false);
    const done = parseRunnerMessage({
      type: 'done',
      id: 'e',
      ok: true,
      durationMs: 0,
      logs: [],
      result: undefined,
    });
    expect(done).toEqual({ ok: true, message: { type: 'done', id: 'e', ok: true, durationMs: 0, logs: [] } });
  });

  it('rejects malformed runner messages with a reason', () => {
    const cases: [unknown, RegExp][] = [
      [execute, /"execute" is not valid from a runner/],
      [
        { type: 'tool_call', callId: '', providerName: 'p', safeToolName: 't' },
        /tool_call.callId must be a non-empty string/,
      ],
      [
        { type: 'tool_call', callId: 'c', providerName: 'p', safeToolName: 't', input: () => 1 },
        /message.input is a function/,
      ],
      [
        { type: 'done', id: 'e', ok: true, durationMs: -1, logs: [] },
        /done.durationMs must be a finite number >= 0/,
      ],
      [{ type: 'done', id: 'e', ok: true, durationMs: 1, logs: ['a', 2] }, /done.logs\[1\] must be a string/],
      [{ type: 'done', id: 'e', ok: true, durationMs: 1 }, /done.logs must be an array of strings/],
      [
        { type: 'done', id: 'e', ok: false, durationMs: 1, logs: [] },
        /done with ok: false must carry an error/,
      ],
      [
        {
          type: 'done',
          id: 'e',
          ok: false,
          durationMs: 1,
          logs: [],
          error: { code: 'TIMEOUT', message: 'x' },
        },
        /done.error.code must be one of/,
      ],
    ];
    for (const [raw, reason] of cases) expect(reasonOf(parseRunnerMessage(raw))).toMatch(reason);
  });

  it("reads an error's optional name, line, column and tool, and checks each", () => {
    const failed = { type: 'done', id: 'e', ok: false, durationMs: 1, logs: [] };
    const full = { code: 'runtime_error', message: 'x', name: 'TypeError', line: 3, column: 2, tool: 'p.t' };
    expect(parseRunnerMessage({ ...failed, error: full })).toEqual({
      ok: true,
      message: { ...failed, error: full },
    });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: 5 }, /done.error.name must be a string/],
      [{ line: 0 }, /done.error.line must be an integer >= 1/],
      [{ line: 1.5 }, /done.error.line must be an integer >= 1/],
      [{ line: '3' }, /done.error.line must be an integer >= 1/],
      [{ column: -1 }, /done.error.column must be an integer >= 1/],
      [{ tool: {} }, /done.error.tool must be a string/],
      [{ stack: 'at guest.js:1' }, /done.error has unexpected field "stack"/],
    ];
    for (const [extra, reason] of cases) {
      const error = { code: 'runtime_error', message: 'x', ...extra };
      expect(reasonOf(parseRunnerMessage({ ...failed, error }))).toMatch(reason);
    }
  });
});

describe('encodeMessage', () => {
  it('omits undefined input and result and round-trips through the parsers', () => {
    const call: ProtocolMessage = {
      type: 'tool_call',
      callId: 'c',
      providerName: 'p',
      safeToolName: 't',
      input: undefined,
    };
    expect(JSON.parse(encodeMessage(call))).not.toHaveProperty('input');
    const done: ProtocolMessage = {
      type: 'done',
      id: 'e',
      ok: true,
      durationMs: 1,
      logs: [],
      result: undefined,
    };
    const text = encodeMessage(done);
    expect(JSON.parse(text)).not.toHaveProperty('result');
    expect(parseRunnerMessage(text)).toEqual({
      ok: true,
      message: { type: 'done', id: 'e', ok: true, durationMs: 1, logs: [] },
    });
  });
});

describe('JSON nesting limit', () => {
  it('counts only brackets outside strings and honours maxDepth', () => {
    const nested = (levels: number) =>
      `{"type":"tool_result","callId":"c","ok":true,"result":${'['.repeat(levels)}${']'.repeat(levels)}}`;
    expect(parseHostMessage(nested(10), { maxDepth: 11 }).ok).toBe(true);
    expect(reasonOf(parseHostMessage(nested(11), { maxDepth: 11 }))).toBe(
      'message is nested deeper than 11 levels',
    );
    const bracketsInText = JSON.stringify({
      type: 'tool_result',
      callId: 'c',
      ok: true,
      result: '[[[[{{{{\\"[[[',
    });
    expect(parseHostMessage(bracketsInText, { maxDepth: 2 })).toMatchObject({ ok: true });
  });
});
