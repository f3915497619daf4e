import { describe, expect, it } from 'vitest';
import { createToolCallDispatcher } from '../../src/main/engine/core/createToolCallDispatcher';
import { resolveProvider } from '../../src/main/engine/core/resolveProvider';
import type { ToolExecutionContext } from '../../src/main/engine/core/types';
import type { ToolCallMessage } from '../../src/shared/protocol/messages';

function call(safeToolName: string, input?: unknown, providerName = 'tools'): ToolCallMessage {
  return {
    type: 'tool_call',
    callId: `call-${safeToolName}`,
    providerName,
    safeToolName,
    ...(input === undefined ? {} : { input }),
  };
}

function setup() {
  const contexts: ToolExecutionContext[] = [];
  let started = 0;
  const provider = resolveProvider({
    name: 'tools',
    tools: {
      echo: { execute: (input, ctx) => (started++, contexts.push(ctx), input) },
      'slow-op': { execute: (_input, ctx) => (started++, contexts.push(ctx), new Promise(() => {})) },
      strict: {
        inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
        execute: () => (started++, 'ok'),
      },
    },
  });
  const controller = new AbortController();
  const dispatch = createToolCallDispatcher([provider], { signal: controller.signal });
  return { dispatch, controller, contexts, started: () => started };
}

describe('createToolCallDispatcher', () => {
  it('routes a call to the tool by safe name with the execution signal and call metadata', async () => {
    const { dispatch, controller, contexts } = setup();
    expect(await dispatch(call('echo', { ok: true }))).toEqual({ ok: true, result: { ok: true } });
    expect(contexts[0]).toEqual({
      signal: controller.signal,
      providerName: 'tools',
      safeToolName: 'echo',
      originalToolName: 'echo',
      callId: 'call-echo',
    });
    expect(await dispatch(call('echo'))).toEqual({ ok: true });
  });

  it('routes sanitized names to the original tool', async () => {
    const { dispatch, controller, contexts } = setup();
    const pending = dispatch(call('slow_op', {}));
    await new Promise((resolve) => setImmediate(resolve));
    expect(contexts[0]?.originalToolName).toBe('slow-op');
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, error: { code: 'timeout' } });
  });

  it('reports unknown providers and tools as validation_error', async () => {
    const { dispatch, started } = setup();
    expect(await dispatch(call('echo', 1, 'nope'))).toEqual({
      ok: false,
      error: { code: 'validation_error', message: 'Unknown provider "nope"' },
    });
    expect(await dispatch(call('missing'))).toEqual({
      ok: false,
      error: { code: 'validation_error', message: 'Unknown tool "missing" in provider tools' },
    });
    expect(await dispatch(call('toString'))).toMatchObject({
      ok: false,
      error: { code: 'validation_error' },
    });
    expect(await dispatch(call('__proto__'))).toMatchObject({
      ok: false,
      error: { code: 'validation_error' },
    });
    expect(started()).toBe(0);
  });

  it('passes classified tool failures through', async () => {
    const { dispatch, started } = setup();
    const result = await dispatch(call('strict', { n: 'one' }));
    expect(result).toEqual({
      ok: false,
      error: { code: 'validation_error', message: 'Invalid input for tools.strict: input/n must be number' },
    });
    expect(started()).toBe(0);
  });

  it('starts no new host work once the execution is aborted', async () => {
    const { dispatch, controller, started } = setup();
    controller.abort();
    for (const name of ['echo', 'slow_op', 'strict']) {
      const result = await dispatch(call(name, { n: 1 }));
      expect(result).toMatchObject({ ok: false, error: { code: 'timeout' } });
    }
    expect(started()).toBe(0);
  });

  it('turns a throwing custom tool into internal_error instead of throwing', async () => {
    const provider = resolveProvider({ name: 'tools', tools: {} });
    provider.tools.bad = {
      safeName: 'bad',
      originalName: 'bad',
      call: () => Promise.reject(new Error('plumbing')),
    };
    const dispatch = createToolCallDispatcher([provider], { signal: new AbortController().signal });
    expect(await dispatch(call('bad'))).toEqual({
      ok: false,
      error: { code: 'internal_error', message: 'Tool dispatch failed: plumbing' },
    });
  });
});
