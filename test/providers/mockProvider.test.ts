import { describe, expect, it } from 'vitest';
import type { MockProviderConfig, MockToolConfig, ProvidersEvent } from '../../src/shared/api/providers';
import { resolveProvider } from '../../src/main/engine/core/resolveProvider';
import { createMockProvider } from '../../src/main/providers/mock/createMockProvider';
import { ManualCallBroker } from '../../src/main/providers/mock/ManualCallBroker';
import { callTool } from './callTool';

function mock(
  tools: Record<string, MockToolConfig>,
  events: ProvidersEvent[] = [],
  options: ConstructorParameters<typeof ManualCallBroker>[1] = { personPresent: () => true },
) {
  const broker = new ManualCallBroker((event) => events.push(event), options);
  const config: MockProviderConfig = { id: 'm', name: 'shop', kind: 'mock', tools };
  return { provider: resolveProvider(createMockProvider(config, broker)), broker, events };
}

const rules: MockToolConfig = {
  inputSchema: { type: 'object', properties: { q: { type: 'string' }, tags: { type: 'array' } } },
  response: {
    mode: 'rules',
    rules: [
      { when: [{ path: '/q', equals: 'exact' }], then: { result: 'equals' } },
      { when: [{ path: '/q', contains: 'sub' }], then: { result: 'contains-string' } },
      { when: [{ path: '/tags', contains: { id: 2 } }], then: { result: 'contains-element' } },
      { when: [{ path: '/q', matches: '^re[0-9]+$' }], then: { result: 'matches' } },
      {
        when: [{ path: '/q', equals: 'bad' }],
        then: { error: { code: 'validation_error', message: 'bad q' } },
      },
      { when: [{ path: '/flag', exists: true }], then: { result: 'exists' } },
    ],
  },
};

describe('mock provider', () => {
  it('answers a fixed response and generates typings from the schemas', async () => {
    const { provider } = mock({
      get_item: {
        description: 'Fetch an item.',
        inputSchema: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
        outputSchema: { type: 'object', properties: { name: { type: 'string' } } },
        response: { mode: 'fixed', result: { name: 'lamp' } },
      },
    });
    expect(await callTool(provider, 'get_item', { id: 1 })).toEqual({ ok: true, result: { name: 'lamp' } });
    expect(provider.types).toContain('get_item');
    expect(provider.types).toContain('Fetch an item.');
  });

  it('matches rules with equals, contains, matches and exists, in order', async () => {
    const { provider } = mock({ find: rules });
    const result = async (input: unknown) => {
      const outcome = await callTool(provider, 'find', input);
      return outcome.ok ? outcome.result : outcome.error;
    };
    expect(await result({ q: 'exact' })).toBe('equals');
    expect(await result({ q: 'a sub string' })).toBe('contains-string');
    expect(await result({ q: 'x', tags: [{ id: 1 }, { id: 2 }] })).toBe('contains-element');
    expect(await result({ q: 're42' })).toBe('matches');
    expect(await result({ q: 'x', flag: false })).toBe('exists');
    expect(await result({ q: 'bad' })).toEqual({ code: 'validation_error', message: 'bad q' });
    expect(await result({ q: 'nothing' })).toMatchObject({
      code: 'tool_error',
      message: expect.stringContaining('no rule'),
    });
  });

  it('uses `otherwise` when no rule matches', async () => {
    const { provider } = mock({
      t: {
        response: {
          mode: 'rules',
          rules: [],
          otherwise: { error: { code: 'timeout', message: 'upstream slow' } },
        },
      },
    });
    expect(await callTool(provider, 't', {})).toEqual({
      ok: false,
      error: { code: 'timeout', message: 'upstream slow' },
    });
  });

  it('refuses an invalid regular expression when the provider is built, naming where it is', () => {
    const broker = new ManualCallBroker(() => undefined);
    const config: MockProviderConfig = {
      id: 'm',
      name: 'shop',
      kind: 'mock',
      tools: {
        t: {
          response: { mode: 'rules', rules: [{ when: [{ path: '/q', matches: '(' }], then: { result: 1 } }] },
        },
      },
    };
    expect(() => createMockProvider(config, broker)).toThrow(
      /tools\.t\.response\.rules\[0\]\.when\[0\]\.matches/,
    );
  });

  it('waits out the latency, and a cancel ends the wait at once', async () => {
    const { provider } = mock({ slow: { latencyMs: 600_000, response: { mode: 'fixed', result: 1 } } });
    const controller = new AbortController();
    const pending = callTool(provider, 'slow', {}, controller.signal);
    controller.abort(new Error('cancelled'));
    expect(await pending).toMatchObject({ ok: false, error: { code: 'timeout' } });
    const quick = mock({ q: { latencyMs: 5, response: { mode: 'fixed', result: 'late' } } });
    expect(await callTool(quick.provider, 'q', {})).toEqual({ ok: true, result: 'late' });
  });

  describe('trusted handler', () => {
    const handler = (source: string): MockToolConfig => ({
      response: { mode: 'handler', trusted: true, source },
    });

    it('computes from the input and returns plain host data', async () => {
      const { provider } = mock({
        sum: handler('return { total: input.a + input.b, tool: context.toolName };'),
      });
      const outcome = await callTool(provider, 'sum', { a: 2, b: 3 });
      expect(outcome).toEqual({ ok: true, result: { total: 5, tool: 'sum' } });
      if (outcome.ok) expect(Object.getPrototypeOf(outcome.result)).toBe(Object.prototype);
    });

    it('maps context.fail to the chosen code and a throw to tool_error', async () => {
      const { provider } = mock({
        strict: handler("context.fail('validation_error', 'a must be positive');"),
        broken: handler("throw new TypeError('boom');"),
        nothing: handler('await context.sleep(1);'),
      });
      expect(await callTool(provider, 'strict', {})).toEqual({
        ok: false,
        error: { code: 'validation_error', message: 'a must be positive' },
      });
      expect(await callTool(provider, 'broken', {})).toMatchObject({
        ok: false,
        error: { code: 'tool_error', message: expect.stringContaining('boom') },
      });
      expect(await callTool(provider, 'nothing', {})).toEqual({ ok: true });
    });

    it('stops a handler that loops synchronously instead of freezing the host', async () => {
      const { provider } = mock({ spin: handler('while (true) {}') });
      expect(await callTool(provider, 'spin', {})).toMatchObject({ ok: false, error: { code: 'timeout' } });
    });

    it('reports a syntax error when the provider is built', () => {
      const broker = new ManualCallBroker(() => undefined);
      const config: MockProviderConfig = {
        id: 'm',
        name: 'shop',
        kind: 'mock',
        tools: { t: handler('return {') },
      };
      expect(() => createMockProvider(config, broker)).toThrow(SyntaxError);
    });
  });

  describe('manual', () => {
    const manual: MockToolConfig = { response: { mode: 'manual' } };

    it('asks through a manual_call event and returns the answer', async () => {
      const { provider, broker, events } = mock({ approve: manual });
      const pending = callTool(provider, 'approve', { amount: 5 });
      await expect.poll(() => broker.pending().length).toBe(1);
      const asked = events.find((e) => e.type === 'manual_call');
      expect(asked).toMatchObject({ providerName: 'shop', toolName: 'approve', input: { amount: 5 } });
      broker.answer(broker.pending()[0]!.requestId, { ok: true, result: { approved: true } });
      expect(await pending).toEqual({ ok: true, result: { approved: true } });
      expect(events.some((e) => e.type === 'manual_call_settled')).toBe(true);
    });

    it('answers an error with the chosen code, and refuses an unknown code or request', async () => {
      const { provider, broker } = mock({ approve: manual });
      const pending = callTool(provider, 'approve', {});
      await expect.poll(() => broker.pending().length).toBe(1);
      const id = broker.pending()[0]!.requestId;
      expect(() => broker.answer(id, { ok: false, code: 'nope', message: 'x' })).toThrow(
        /not an execbox error code/,
      );
      expect(() => broker.answer('missing', { ok: true })).toThrow(/no manual tool call/);
      broker.answer(id, { ok: false, code: 'validation_error', message: 'refused by the user' });
      expect(await pending).toEqual({
        ok: false,
        error: { code: 'validation_error', message: 'refused by the user' },
      });
    });

    it('with nobody to answer, fails at once with a tool_error that says so', async () => {
      const { provider, broker, events } = mock({ approve: manual }, [], {});
      const answer = await callTool(provider, 'approve', {});
      expect(answer).toMatchObject({ ok: false, error: { code: 'tool_error' } });
      expect(answer.ok ? '' : answer.error.message).toMatch(/shop\.approve .*nobody can answer here/);
      expect(broker.pending()).toEqual([]);
      expect(events).toEqual([]);
    });

    it('a person has at most maxWaitMs to answer; then the call fails and the question is dropped', async () => {
      const { provider, broker } = mock({ approve: manual }, [], {
        personPresent: () => true,
        maxWaitMs: 50,
      });
      const answer = await callTool(provider, 'approve', {});
      expect(answer).toMatchObject({ ok: false, error: { code: 'tool_error' } });
      expect(answer.ok ? '' : answer.error.message).toMatch(/nobody answered shop\.approve/);
      expect(broker.pending()).toEqual([]);
    });

    it('records in the run that a person was asked (so an agent hears what the run waits for)', async () => {
      const { provider, broker } = mock({ approve: manual });
      const recorded: unknown[] = [];
      const pending = provider.tools.approve!.call(
        {},
        {
          signal: new AbortController().signal,
          providerName: 'shop',
          safeToolName: 'approve',
          originalToolName: 'approve',
          callId: 'c1',
          onEvent: (event) => recorded.push(event),
        },
      );
      await expect.poll(() => broker.pending().length).toBe(1);
      const { requestId } = broker.pending()[0]!;
      expect(recorded).toEqual([{ type: 'manual_answer_requested', callId: 'c1', requestId }]);
      broker.answer(requestId, { ok: true, result: 1 });
      await pending;
    });

    it('drops the question when the run is cancelled', async () => {
      const { provider, broker, events } = mock({ approve: manual });
      const controller = new AbortController();
      const pending = callTool(provider, 'approve', {}, controller.signal);
      await expect.poll(() => broker.pending().length).toBe(1);
      controller.abort(new Error('cancel'));
      expect(await pending).toMatchObject({ ok: false, error: { code: 'timeout' } });
      await expect.poll(() => broker.pending().length).toBe(0);
      expect(events.at(-1)).toMatchObject({ type: 'manual_call_settled' });
    });
  });
});
