import { describe, expect, it } from 'vitest';
import { ExecboxToolError } from '../../src/main/engine/core/ExecboxToolError';
import { ProviderResolutionError } from '../../src/main/engine/core/ProviderResolutionError';
import { resolveProvider } from '../../src/main/engine/core/resolveProvider';
import type { ToolDefinition, ToolExecutionContext } from '../../src/main/engine/core/types';

function context(signal = new AbortController().signal): ToolExecutionContext {
  return { signal, providerName: 'p', safeToolName: 't', originalToolName: 't' };
}

function single(definition: Partial<ToolDefinition>) {
  const provider = resolveProvider({ name: 'p', tools: { t: { execute: () => undefined, ...definition } } });
  return provider.tools.t!;
}

function resolutionError(run: () => unknown): ProviderResolutionError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderResolutionError);
    return error as ProviderResolutionError;
  }
  throw new Error('expected a ProviderResolutionError');
}

describe('resolveProvider namespace', () => {
  it('accepts valid identifiers, including Unicode ones', () => {
    for (const name of ['github', 'my_tools', '$svc', 'données']) {
      expect(resolveProvider({ name, tools: {} }).name).toBe(name);
    }
  });

  it('rejects invalid identifiers, reserved words and guest globals', () => {
    const cases: [string, RegExp][] = [
      ['', /must not be empty/],
      ['my-tools', /not a valid JavaScript identifier/],
      ['1tools', /not a valid JavaScript identifier/],
      ['let', /reserved word/],
      ['await', /reserved word/],
      ['enum', /reserved word/],
      ...[
        'console',
        'JSON',
        'Promise',
        'Math',
        'Object',
        'Array',
        'globalThis',
        'Reflect',
        'Proxy',
        'Symbol',
        'Error',
        'Date',
        'undefined',
        'NaN',
        'Infinity',
        'eval',
        'Function',
      ].map((name): [string, RegExp] => [name, /reserved word|would shadow the guest global/]),
    ];
    for (const [name, reason] of cases) {
      const error = resolutionError(() => resolveProvider({ name, tools: {} }));
      expect(error.message).toMatch(reason);
      expect(error.providerName).toBe(name);
    }
  });

  it('rejects malformed providers and tools with the place named', () => {
    expect(resolutionError(() => resolveProvider({ name: 'p', tools: [] as never })).message).toMatch(
      /provider p tools must be an object/,
    );
    const noExecute = resolutionError(() =>
      resolveProvider({ name: 'p', tools: { t: {} as ToolDefinition } }),
    );
    expect(noExecute.message).toMatch(/tool p.t must have an execute function/);
    expect(noExecute.toolName).toBe('t');
  });
});

describe('resolveProvider names and types', () => {
  it('sanitizes tool names and keeps both maps', () => {
    const provider = resolveProvider({
      name: 'svc',
      tools: {
        'get-user': { execute: () => 1 },
        'get.user': { execute: () => 2 },
        delete: { execute: () => 3 },
      },
    });
    expect(Object.keys(provider.tools)).toEqual(['get_user', 'get_user__2', 'delete_']);
    expect(provider.tools.get_user__2!.originalName).toBe('get.user');
    expect(provider.originalToSafeName).toEqual({
      'get-user': 'get_user',
      'get.user': 'get_user__2',
      delete: 'delete_',
    });
    expect(provider.safeToOriginalName).toEqual({
      get_user: 'get-user',
      get_user__2: 'get.user',
      delete_: 'delete',
    });
  });

  it('keeps caller-supplied types and generates them otherwise', () => {
    expect(resolveProvider({ name: 'p', tools: {}, types: 'declare namespace p {}' }).types).toBe(
      'declare namespace p {}',
    );
    expect(resolveProvider({ name: 'p', tools: { t: { execute: () => 1 } } }).types).toMatch(
      /declare namespace p/,
    );
  });
});

describe('resolveProvider schemas', () => {
  it('rejects invalid schemas at resolve time, naming provider and tool', () => {
    const bad = resolutionError(() => single({ inputSchema: { type: 'strnig' } }));
    expect(bad.message).toMatch(/^p.t inputSchema is invalid: /);
    expect(resolutionError(() => single({ outputSchema: 5 as never })).message).toMatch(
      /p.t outputSchema must be a JSON Schema/,
    );
    expect(
      resolutionError(() => single({ inputSchema: { $schema: 'http://json-schema.org/draft-04/schema#' } }))
        .message,
    ).toMatch(/unsupported \$schema/);
    expect(
      resolutionError(() => single({ inputSchema: { $ref: 'https://example.com/remote.json' } })).message,
    ).toMatch(/p.t inputSchema is invalid/);
  });

  it('validates input and names the failing path', async () => {
    const tool = single({
      inputSchema: {
        type: 'object',
        properties: { q: { type: 'string' }, n: { type: 'integer', minimum: 1 } },
        required: ['q'],
        additionalProperties: false,
      },
    });
    expect(await tool.call({ q: 1 }, context())).toEqual({
      ok: false,
      error: { code: 'validation_error', message: 'Invalid input for p.t: input/q must be string' },
    });
    const missing = await tool.call({}, context());
    expect(missing.ok === false && missing.error.message).toMatch(/input must have required property "q"/);
    const extra = await tool.call({ q: 'x', zz: 1 }, context());
    expect(extra.ok === false && extra.error.message).toMatch(/input must not have additional property "zz"/);
    const range = await tool.call({ q: 'x', n: 0 }, context());
    expect(range.ok === false && range.error.message).toMatch(/input\/n must be >= 1/);
    expect(await tool.call({ q: 'x' }, context())).toEqual({ ok: true });
  });

  it('supports draft-07 and 2020-12, chosen by $schema', async () => {
    const draft07 = single({
      inputSchema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'array',
        items: [{ type: 'string' }],
        additionalItems: false,
      },
    });
    expect((await draft07.call(['a'], context())).ok).toBe(true);
    expect((await draft07.call(['a', 'b'], context())).ok).toBe(false);
    // draft-07 tuple form without $schema still loads (2020-12 first, draft-07 as fallback)
    const implicit = single({
      inputSchema: { type: 'array', items: [{ type: 'number' }], additionalItems: false },
    });
    expect((await implicit.call([1, 2], context())).ok).toBe(false);
    const draft2020 = single({
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'array',
        prefixItems: [{ type: 'string' }],
        items: false,
      },
    });
    expect((await draft2020.call(['a'], context())).ok).toBe(true);
    const extra = await draft2020.call(['a', 1], context());
    expect(extra.ok === false && extra.error.code).toBe('validation_error');
  });

  it('checks formats with ajv-formats', async () => {
    const tool = single({
      inputSchema: { type: 'object', properties: { email: { type: 'string', format: 'email' } } },
    });
    const result = await tool.call({ email: 'not-an-email' }, context());
    expect(result.ok === false && result.error.message).toMatch(/input\/email must match format "email"/);
  });

  it('validates output', async () => {
    const tool = single({
      outputSchema: { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] },
      execute: () => ({ total: 'many' }),
    });
    expect(await tool.call(undefined, context())).toEqual({
      ok: false,
      error: { code: 'validation_error', message: 'Invalid output from p.t: output/total must be number' },
    });
  });

  it('keeps tools apart when different schemas declare the same $id', async () => {
    const provider = resolveProvider({
      name: 'p',
      tools: {
        a: { inputSchema: { $id: 'https://example.com/shared', type: 'string' }, execute: () => 1 },
        b: { inputSchema: { $id: 'https://example.com/shared', type: 'number' }, execute: () => 1 },
      },
    });
    expect((await provider.tools.a!.call('x', context())).ok).toBe(true);
    expect((await provider.tools.a!.call(1, context())).ok).toBe(false);
    expect((await provider.tools.b!.call(1, context())).ok).toBe(true);
    expect((await provider.tools.b!.call('x', context())).ok).toBe(false);
  });

  it('allows two tools to declare the same $id', () => {
    const schema = () => ({ $id: 'https://example.com/input', type: 'object' });
    expect(() =>
      resolveProvider({
        name: 'p',
        tools: {
          a: { inputSchema: schema(), execute: () => 1 },
          b: { inputSchema: schema(), execute: () => 1 },
        },
      }),
    ).not.toThrow();
  });

  it('hands object-typed tools {} when the guest passed no input', async () => {
    let received: unknown = 'unset';
    const tool = single({
      inputSchema: { type: 'object', properties: {} },
      execute: (input) => ((received = input), 'ok'),
    });
    expect(await tool.call(undefined, context())).toEqual({ ok: true, result: 'ok' });
    expect(received).toEqual({});
    const required = single({ inputSchema: { type: 'object', required: ['q'] } });
    expect((await required.call(undefined, context())).ok).toBe(false);
  });
});

describe('resolved tool calls', () => {
  it('passes input and context through and returns the result', async () => {
    let seen: { input: unknown; context: ToolExecutionContext } | undefined;
    const tool = single({ execute: (input, ctx) => ((seen = { input, context: ctx }), { echoed: input }) });
    const ctx = context();
    expect(await tool.call({ a: 1 }, ctx)).toEqual({ ok: true, result: { echoed: { a: 1 } } });
    expect(seen).toEqual({ input: { a: 1 }, context: ctx });
  });

  it('succeeds with undefined when a tool returns undefined, even with an output schema', async () => {
    expect(await single({ execute: () => undefined }).call(undefined, context())).toEqual({ ok: true });
    expect(
      await single({ execute: async () => undefined, outputSchema: { type: 'object' } }).call(
        undefined,
        context(),
      ),
    ).toEqual({ ok: true });
  });

  it('fails with serialization_error for results and inputs JSON cannot carry', async () => {
    const cases: [unknown, RegExp][] = [
      [{ when: new Date(0) }, /result.when is a Date instance/],
      [10n, /result is a bigint/],
      [() => 1, /result is a function/],
      [Number.NaN, /result is NaN/],
      [new Map(), /Map instance/],
    ];
    for (const [value, message] of cases) {
      const result = await single({ execute: () => value }).call(undefined, context());
      expect(result.ok === false && result.error.code).toBe('serialization_error');
      expect(result.ok === false && result.error.message).toMatch(message);
    }
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const cycle = await single({ execute: () => cyclic }).call(undefined, context());
    expect(cycle.ok === false && cycle.error.message).toMatch(/result.self is a cyclic reference/);
    const badInput = await single({}).call({ f: () => 1 }, context());
    expect(badInput.ok === false && badInput.error).toEqual({
      code: 'serialization_error',
      message: 'p.t: input.f is a function, which is not JSON-serializable',
    });
  });

  it('classifies thrown values: ExecboxToolError keeps its code, others are tool_error', async () => {
    const chosen = await single({
      execute: () => Promise.reject(new ExecboxToolError('timeout', 'upstream deadline')),
    }).call(undefined, context());
    expect(chosen).toEqual({ ok: false, error: { code: 'timeout', message: 'upstream deadline' } });
    const plain = await single({
      execute: () => {
        throw new Error('boom');
      },
    }).call(undefined, context());
    expect(plain).toEqual({ ok: false, error: { code: 'tool_error', message: 'boom' } });
    // a message that mentions timeout is still just a tool_error
    const wording = await single({
      execute: () => {
        throw new Error('timeout: memory_limit');
      },
    }).call(undefined, context());
    expect(wording.ok === false && wording.error.code).toBe('tool_error');
    const odd = await single({
      execute: () => {
        throw 'a string';
      },
    }).call(undefined, context());
    expect(odd).toEqual({ ok: false, error: { code: 'tool_error', message: 'a string' } });
    const hostile = {
      toString: () => {
        throw new Error('no');
      },
    };
    const unprintable = await single({
      execute: () => {
        throw hostile;
      },
    }).call(undefined, context());
    expect(unprintable.ok === false && unprintable.error.code).toBe('tool_error');
  });

  it('answers timeout on abort, without waiting for the tool and without starting one after', async () => {
    const controller = new AbortController();
    let started = 0;
    let seenSignal: AbortSignal | undefined;
    const tool = single({
      execute: (_input, ctx) => ((started++, (seenSignal = ctx.signal)), new Promise(() => {})),
    });
    const pending = tool.call(undefined, context(controller.signal));
    await Promise.resolve();
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(seenSignal?.aborted).toBe(true);
    expect(await tool.call(undefined, context(controller.signal))).toMatchObject({
      ok: false,
      error: { code: 'timeout' },
    });
    expect(started).toBe(1);
  });

  it('classifies an error thrown because of the abort as timeout', async () => {
    const controller = new AbortController();
    const tool = single({
      execute: (_input, ctx) =>
        new Promise((_resolve, reject) =>
          ctx.signal.addEventListener('abort', () => reject(new Error('This operation was aborted'))),
        ),
    });
    const pending = tool.call(undefined, context(controller.signal));
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, error: { code: 'timeout' } });
  });
});

describe('resolveProvider with lazily compiled schemas', () => {
  const lazy = (definition: Partial<ToolDefinition>) =>
    resolveProvider(
      { name: 'p', tools: { t: { execute: (input) => input, ...definition } } },
      { compileSchemas: 'lazy' },
    ).tools.t!;

  it('validates input and output exactly as eager resolution does, from the first call on', async () => {
    const tool = lazy({
      inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
      outputSchema: { type: 'object', required: ['q'] },
    });
    expect(await tool.call({ q: 'x' }, context())).toEqual({ ok: true, result: { q: 'x' } });
    expect(await tool.call({ q: 1 }, context())).toEqual({
      ok: false,
      error: { code: 'validation_error', message: 'Invalid input for p.t: input/q must be string' },
    });
  });

  it('resolves with an invalid schema and fails the call that needs it as internal_error', async () => {
    const tool = lazy({ inputSchema: { type: 'strnig' } });
    const result = await tool.call({}, context());
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.error.code).toBe('internal_error');
    expect(result.ok === false && result.error.message).toMatch(/^p.t inputSchema is invalid: /);
  });

  it('still refuses a schema that is not an object or boolean at resolve time', () => {
    expect(resolutionError(() => lazy({ outputSchema: 5 as never })).message).toMatch(
      /p.t outputSchema must be a JSON Schema/,
    );
  });
});
