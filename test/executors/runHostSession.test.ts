import { describe, expect, it } from 'vitest';
import { resolveProvider } from '../../src/main/engine/core/resolveProvider';
import type { ToolCallResult } from '../../src/main/engine/core/types';
import { runHostSession, runHostSessionDetailed } from '../../src/main/engine/executors/runHostSession';
import { resolveRuntimeOptions, RUNTIME_OPTION_RANGES } from '../../src/shared/runtimeOptions';
import type { HostEvent } from '../../src/shared/transcript';
import { createFakeRunnerTransport } from './fakeRunnerTransport';

const providers = [
  resolveProvider({
    name: 'tools',
    tools: {
      echo: { execute: (input) => input },
      hang: {
        execute: (_input, context) =>
          new Promise((resolve) => context.signal.addEventListener('abort', resolve)),
      },
    },
  }),
];

function start(overrides: Partial<Parameters<typeof runHostSession>[0]> = {}) {
  const fake = createFakeRunnerTransport();
  const events: HostEvent[] = [];
  const session = runHostSessionDetailed({
    transport: fake.transport,
    code: '1',
    providers,
    runtime: resolveRuntimeOptions({ timeoutMs: 2000 }),
    cancelGraceMs: 50,
    backstopSlackMs: 50,
    startupAllowanceMs: 50,
    hooks: { onHostEvent: (event) => events.push(event) },
    ...overrides,
  });
  return { fake, events, session };
}

async function executeId(fake: ReturnType<typeof createFakeRunnerTransport>): Promise<string> {
  const message = await fake.next('execute');
  if (message.type !== 'execute') throw new Error('expected execute');
  return message.id;
}

describe('runHostSession', () => {
  it('returns the runner done as the result and releases the transport', async () => {
    const { fake, session } = start();
    const id = await executeId(fake);
    fake.reply({ type: 'started', id });
    fake.reply({ type: 'done', id, ok: true, durationMs: 1, logs: ['x'], result: 7 });
    expect((await session).result).toEqual({ ok: true, durationMs: 1, logs: ['x'], result: 7 });
    expect(fake.disposed()).toBe(1);
  });

  it('answers tool calls by callId and forwards an undefined result without a result field', async () => {
    const { fake, session } = start();
    const id = await executeId(fake);
    fake.reply({ type: 'tool_call', callId: 'c1', providerName: 'tools', safeToolName: 'echo' });
    const result = await fake.next('tool_result');
    expect(result).toEqual({ type: 'tool_result', callId: 'c1', ok: true });
    fake.reply({ type: 'done', id, ok: true, durationMs: 1, logs: [] });
    await session;
  });

  it('ignores mismatched runner messages, reporting each', async () => {
    const { fake, events, session } = start();
    const id = await executeId(fake);
    fake.reply({ type: 'done', id: 'someone-else', ok: true, durationMs: 1, logs: [] });
    fake.reply({ type: 'tool_call', callId: 'c1', providerName: 'tools', safeToolName: 'echo', input: 1 });
    fake.reply({ type: 'tool_call', callId: 'c1', providerName: 'tools', safeToolName: 'echo', input: 2 });
    fake.reply({ type: 'done', id, ok: true, durationMs: 1, logs: [], result: 'real' });
    expect((await session).result).toMatchObject({ ok: true, result: 'real' });
    const malformed = events.filter((e) => e.type === 'malformed_message');
    expect(malformed).toHaveLength(2);
    expect(malformed.every((e) => e.type === 'malformed_message' && e.direction === 'runner_to_host')).toBe(
      true,
    );
  });

  const unreadable: Array<[string, (id: string) => unknown]> = [
    ['text that is not JSON', () => '{not json'],
    ['a done that breaks the contract', (id) => ({ type: 'done', id, ok: 'yes', durationMs: 1, logs: [] })],
    [
      'a tool_call nested past the message limit',
      () => ({
        type: 'tool_call',
        callId: 'c',
        providerName: 'tools',
        safeToolName: 'echo',
        input: JSON.parse('['.repeat(600) + ']'.repeat(600)) as unknown,
      }),
    ],
  ];
  for (const [what, message] of unreadable) {
    it(`a runner message it cannot read (${what}) ends the run at once with internal_error, not a timeout`, async () => {
      const { fake, events, session } = start({ runtime: resolveRuntimeOptions({ timeoutMs: 60_000 }) });
      fake.reply(message(await executeId(fake)));
      const outcome = await session;
      expect(outcome.result).toMatchObject({
        ok: false,
        error: {
          code: 'internal_error',
          message: expect.stringMatching(/the runner sent a message the host cannot read/),
        },
      });
      expect(outcome.transportLost).toBe(true);
      expect(events.some((e) => e.type === 'malformed_message')).toBe(true);
    });
  }

  it('settles exactly once even when the runner sends two dones', async () => {
    const { fake, session } = start();
    const id = await executeId(fake);
    fake.reply({ type: 'done', id, ok: true, durationMs: 1, logs: [], result: 1 });
    fake.reply({ type: 'done', id, ok: true, durationMs: 1, logs: [], result: 2 });
    expect((await session).result).toMatchObject({ result: 1 });
  });

  it('counts the timeout from started, so a slow start is not charged to the guest', async () => {
    const { fake, session } = start({
      runtime: resolveRuntimeOptions({ timeoutMs: 100 }),
      startupAllowanceMs: 60_000,
    });
    const id = await executeId(fake);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.sent.some((m) => m.type === 'cancel')).toBe(false);
    fake.reply({ type: 'started', id });
    await fake.next('cancel');
    fake.reply({
      type: 'done',
      id,
      ok: false,
      durationMs: 100,
      logs: [],
      error: { code: 'timeout', message: 'Execution timed out' },
    });
    expect((await session).result).toMatchObject({ error: { code: 'timeout' } });
  });

  it('waits the startup allowance, then the timeout and slack, for a runner that never starts', async () => {
    const { fake, session } = start({
      runtime: resolveRuntimeOptions({ timeoutMs: 100 }),
      startupAllowanceMs: 400,
    });
    const sentAt = performance.now();
    await executeId(fake);
    await fake.next('cancel');
    expect(performance.now() - sentAt).toBeGreaterThanOrEqual(100 + 50 + 400 - 1);
    expect((await session).result).toMatchObject({ ok: false, error: { code: 'timeout' } });
  });

  it('a runner that never answers gets cancel, then a hard kill, and the result is timeout', async () => {
    const { fake, events, session } = start({ runtime: resolveRuntimeOptions({ timeoutMs: 100 }) });
    await fake.next('cancel');
    const outcome = await session;
    expect(outcome.result).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(outcome.transportLost).toBe(true);
    expect(fake.terminated()).toBe(1);
    expect(events.map((e) => e.type)).toEqual(['cancel_requested', 'hard_kill', 'transport_closed']);
  });

  it('caller abort sends cancel, aborts in-flight tool work, and accepts the runner timeout done', async () => {
    const controller = new AbortController();
    const { fake, events, session } = start({ signal: controller.signal });
    const id = await executeId(fake);
    fake.reply({ type: 'tool_call', callId: 'c1', providerName: 'tools', safeToolName: 'hang', input: {} });
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    const cancel = await fake.next('cancel');
    expect(cancel).toEqual({ type: 'cancel', id });
    fake.reply({
      type: 'done',
      id,
      ok: false,
      durationMs: 5,
      logs: [],
      error: { code: 'timeout', message: 'Execution timed out' },
    });
    expect((await session).result).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(events.find((e) => e.type === 'cancel_requested')).toEqual({
      type: 'cancel_requested',
      reason: 'user',
    });
    // the aborted tool finished, but no tool_result is sent once cancel started
    expect(fake.sent.filter((m) => m.type === 'tool_result')).toHaveLength(0);
  });

  it('a transport that closes before done gives internal_error', async () => {
    const { fake, events, session } = start();
    await executeId(fake);
    fake.close('crashed');
    expect((await session).result).toMatchObject({ ok: false, error: { code: 'internal_error' } });
    expect(events).toContainEqual({ type: 'transport_closed', reason: 'crashed' });
  });

  it('a shell that died before the session subscribed still gives internal_error, never a hang', async () => {
    const fake = createFakeRunnerTransport();
    fake.close('exited early');
    const result = await runHostSession({
      transport: fake.transport,
      code: '1',
      providers,
      runtime: resolveRuntimeOptions({}),
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'internal_error' } });
  });

  it('a transport error gives internal_error and terminates the transport', async () => {
    const { fake, session } = start();
    await executeId(fake);
    fake.fail(new Error('broken pipe'));
    expect((await session).result).toMatchObject({
      ok: false,
      error: { code: 'internal_error', message: expect.stringContaining('broken pipe') },
    });
    expect(fake.terminated()).toBe(1);
  });

  it('a close after cancel started is timeout, not internal_error', async () => {
    const controller = new AbortController();
    const { fake, session } = start({ signal: controller.signal, cancelGraceMs: 60_000 });
    await executeId(fake);
    controller.abort();
    await fake.next('cancel');
    fake.close('killed');
    expect((await session).result).toMatchObject({ ok: false, error: { code: 'timeout' } });
  });

  it('records every message with its direction and a monotonic time', async () => {
    const seen: Array<{ direction: string; type: string; at: number }> = [];
    const { fake, session } = start({
      hooks: { onMessage: ({ direction, message, at }) => seen.push({ direction, type: message.type, at }) },
    });
    const id = await executeId(fake);
    fake.reply({ type: 'started', id });
    fake.reply({ type: 'tool_call', callId: 'c1', providerName: 'tools', safeToolName: 'echo', input: 1 });
    await fake.next('tool_result');
    fake.reply({ type: 'done', id, ok: true, durationMs: 1, logs: [] });
    await session;
    expect(seen.map((s) => `${s.direction}:${s.type}`)).toEqual([
      'host_to_runner:execute',
      'runner_to_host:started',
      'runner_to_host:tool_call',
      'host_to_runner:tool_result',
      'runner_to_host:done',
    ]);
    expect(seen.every((s, i) => i === 0 || s.at >= seen[i - 1]!.at)).toBe(true);
  });

  describe('with a debugger interceptor', () => {
    it('sends the runner the ceiling timeout and does not count held time against the budget', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const { fake, session } = start({
        runtime: resolveRuntimeOptions({ timeoutMs: 150 }),
        hooks: {
          interceptToolCall: async (call, dispatch, { clock }): Promise<ToolCallResult> => {
            clock.pause();
            await held;
            clock.resume();
            return dispatch(call.input);
          },
        },
      });
      const execute = await fake.next('execute');
      if (execute.type !== 'execute') throw new Error('expected execute');
      expect(execute.options.timeoutMs).toBe(RUNTIME_OPTION_RANGES.timeoutMs.max);
      fake.reply({ type: 'started', id: execute.id });
      fake.reply({
        type: 'tool_call',
        callId: 'c1',
        providerName: 'tools',
        safeToolName: 'echo',
        input: 'held',
      });
      // Hold the call for longer than the whole budget, measured by waiting on real events.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(fake.sent.some((m) => m.type === 'cancel')).toBe(false);
      release();
      expect(await fake.next('tool_result')).toMatchObject({ ok: true, result: 'held' });
      fake.reply({ type: 'done', id: execute.id, ok: true, durationMs: 1, logs: [] });
      expect((await session).result.ok).toBe(true);
    });

    it('enforces the budget on unpaused time by sending cancel', async () => {
      const { fake, session } = start({
        runtime: resolveRuntimeOptions({ timeoutMs: 100 }),
        hooks: { interceptToolCall: (call, dispatch) => dispatch(call.input) },
      });
      const id = await executeId(fake);
      await fake.next('cancel');
      fake.reply({
        type: 'done',
        id,
        ok: false,
        durationMs: 100,
        logs: [],
        error: { code: 'timeout', message: 'Execution timed out' },
      });
      expect((await session).result).toMatchObject({ ok: false, error: { code: 'timeout' } });
    });

    it('turns a non-serializable interceptor answer into serialization_error', async () => {
      const { fake, session } = start({
        hooks: { interceptToolCall: async () => ({ ok: true, result: { when: new Date() } }) },
      });
      const id = await executeId(fake);
      fake.reply({ type: 'tool_call', callId: 'c1', providerName: 'tools', safeToolName: 'echo', input: 1 });
      expect(await fake.next('tool_result')).toMatchObject({
        ok: false,
        error: { code: 'serialization_error' },
      });
      fake.reply({ type: 'done', id, ok: true, durationMs: 1, logs: [] });
      await session;
    });
  });
});
