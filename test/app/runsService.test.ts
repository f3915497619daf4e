import { describe, expect, it } from 'vitest';
import { PLAYGROUND_API_METHODS, type PlaygroundEvent } from '../../src/shared/api/playgroundApi';
import type { RunsEvent } from '../../src/shared/api/runs';
import type { TranscriptEntry } from '../../src/shared/transcript';
import type { ExecuteResult } from '../../src/shared/executeResult';
import { createPlaygroundHost } from '../../src/main/app/createPlaygroundHost';
import { createRunsService } from '../../src/main/services/runs/createRunsService';
import { resolveProvider } from '../../src/main/engine/core/resolveProvider';
import { createFakeExecutor, createFakeWorkspaceHost, done, SETTINGS, type FakeScript } from './fakes';

function setup(script: FakeScript) {
  const events: RunsEvent[] = [];
  const executor = createFakeExecutor(script);
  const finished = new Map<string, (event: RunsEvent) => void>();
  const service = createRunsService({
    resolvedProviders: async () => [],
    runtimeSettings: () => SETTINGS,
    executorFor: () => executor,
    emit: (event) => {
      events.push(event);
      if (event.type === 'finished') finished.get(event.runId)?.(event);
    },
  });
  const waitFinished = (runId: string) =>
    new Promise<RunsEvent>((resolve) => {
      const already = events.find((e) => e.type === 'finished' && e.runId === runId);
      if (already) resolve(already);
      else finished.set(runId, resolve);
    });
  const entriesOf = (runId: string): TranscriptEntry[] =>
    events.flatMap((e) => (e.type !== 'started' && e.runId === runId ? e.entries : []));
  return { service, events, executor, waitFinished, entriesOf };
}

const protocolRun: FakeScript = async (_code, options) => {
  const at = performance.now();
  const say = options.hooks!.onMessage!;
  say({ direction: 'host_to_runner', message: { type: 'cancel', id: 'x' }, at });
  say({ direction: 'runner_to_host', message: { type: 'started', id: 'x' }, at: at + 1 });
  options.hooks!.onHostEvent!(
    { type: 'tool_dispatch_started', callId: 'c1', providerName: 'p', toolName: 't' },
    at + 2,
  );
  return done();
};

describe('the runs service', () => {
  it('streams every message and host event in order, then the result', async () => {
    const { service, events, waitFinished, entriesOf } = setup(protocolRun);
    const { runId } = await service.api.start({ code: '1 + 1' });
    await waitFinished(runId);
    expect(events[0]).toMatchObject({ type: 'started', runId, request: { code: '1 + 1' } });
    expect(events.at(-1)).toMatchObject({ type: 'finished', runId, result: { ok: true, result: 2 } });
    const entries = entriesOf(runId);
    expect(entries.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4]);
    expect(entries.map((e) => (e.kind === 'message' ? e.message.type : e.event.type))).toEqual([
      'run_started',
      'cancel',
      'started',
      'tool_dispatch_started',
      'run_finished',
    ]);
    expect(entries.every((e) => e.at >= 0)).toBe(true);
    expect(await service.api.transcript(runId)).toEqual(entries);
    expect((await service.api.list()).map((r) => [r.runId, r.state])).toEqual([[runId, 'finished']]);
  });

  it('hands out the transcript in pages and says how long it is', async () => {
    const { service, waitFinished, entriesOf } = setup(protocolRun);
    const { runId } = await service.api.start({ code: '1 + 1' });
    await waitFinished(runId);
    const entries = entriesOf(runId);
    expect((await service.api.list()).find((r) => r.runId === runId)?.entryCount).toBe(entries.length);
    const pages = [
      await service.api.transcript(runId, { from: 0, limit: 2 }),
      await service.api.transcript(runId, { from: 2, limit: 2 }),
      await service.api.transcript(runId, { from: 4, limit: 2 }),
    ];
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(entries);
    expect(await service.api.transcript(runId, { from: 99 })).toEqual([]);
    expect(await service.api.transcript(runId, {})).toEqual(entries);
  });

  it('refuses a malformed transcript range, saying what is wrong with it', async () => {
    const { service, waitFinished } = setup(protocolRun);
    const { runId } = await service.api.start({ code: '1 + 1' });
    await waitFinished(runId);
    const transcript = service.api.transcript as (runId: string, range: unknown) => Promise<unknown>;
    await expect(transcript(runId, 'all')).rejects.toThrow(/must be an object/);
    await expect(transcript(runId, [0, 10])).rejects.toThrow(/must be an object/);
    await expect(transcript(runId, { from: -1 })).rejects.toThrow(/from must be a whole number of 0 or more/);
    await expect(transcript(runId, { from: 1.5 })).rejects.toThrow(/from must be a whole number/);
    await expect(transcript(runId, { from: '0' })).rejects.toThrow(/from must be a whole number/);
    await expect(transcript(runId, { limit: 0 })).rejects.toThrow(
      /limit must be a whole number of 1 or more/,
    );
    await expect(transcript(runId, { limit: Infinity })).rejects.toThrow(/limit must be a whole number/);
    await expect(transcript(runId, { from: 0, count: 5 })).rejects.toThrow(/unknown field "count"/);
    await expect(transcript('nope', { from: 0 })).rejects.toThrow(/no run with id/);
  });

  it('coalesces a flood of 10,000 messages into a few batches', async () => {
    const { service, events, waitFinished, entriesOf } = setup(async (_code, options) => {
      for (let i = 0; i < 10_000; i++) {
        options.hooks!.onMessage!({
          direction: 'runner_to_host',
          message: { type: 'tool_call', callId: `c${i}`, providerName: 'p', safeToolName: 't' },
          at: performance.now(),
        });
      }
      return done();
    });
    const { runId } = await service.api.start({ code: 'x' });
    await waitFinished(runId);
    expect(entriesOf(runId)).toHaveLength(10_002);
    expect(events.filter((e) => e.type === 'entries').length).toBeLessThan(10);
  });

  it('sends the done entry with the result, which alone carries the value', async () => {
    const value = { rows: [1, 2, 3] };
    const finishedTranscripts: TranscriptEntry[][] = [];
    const { service, events, waitFinished } = setup(async (_code, options) => {
      const result = done({ result: value });
      const { ok: _ok, ...rest } = result as Extract<ExecuteResult, { ok: true }>;
      options.hooks!.onMessage!({
        direction: 'runner_to_host',
        message: { type: 'done', id: 'x', ok: true, ...rest },
        at: performance.now(),
      });
      // Longer than a batch interval: the done entry still waits for the result.
      await new Promise((resolve) => setTimeout(resolve, 100));
      return result;
    });
    service.addExtension({
      prepareRun: () => undefined,
      finishRun: (_id, transcript) => finishedTranscripts.push(transcript.page(0, transcript.count)),
    });
    const { runId } = await service.api.start({ code: 'x' });
    const finished = await waitFinished(runId);
    expect(finished).toMatchObject({ type: 'finished', result: { ok: true, result: value } });
    const isDone = (entry: TranscriptEntry) => entry.kind === 'message' && entry.message.type === 'done';
    expect(events.some((e) => e.type === 'entries' && e.entries.some(isDone))).toBe(false);
    const sent = finished.type === 'finished' ? finished.entries.find(isDone) : undefined;
    expect(sent).toMatchObject({ valueInResult: true, message: { type: 'done', ok: true } });
    expect(sent?.kind === 'message' && 'result' in sent.message).toBe(false);
    // A page fetching the finished run's transcript gets it the same way; extensions get it whole.
    expect((await service.api.transcript(runId)).find(isDone)).toEqual(sent);
    expect(finishedTranscripts[0]?.find(isDone)).toMatchObject({ message: { result: value } });
    expect(finishedTranscripts[0]?.find(isDone)).not.toHaveProperty('valueInResult');
  });

  it('keeps the value in a done entry the result does not carry', async () => {
    const { service, waitFinished, entriesOf } = setup(async (_code, options) => {
      options.hooks!.onMessage!({
        direction: 'runner_to_host',
        message: { type: 'done', id: 'x', ok: true, durationMs: 1, logs: [], result: 'late' },
        at: performance.now(),
      });
      return { ok: false, durationMs: 1, logs: [], error: { code: 'timeout', message: 'too slow' } };
    });
    const { runId } = await service.api.start({ code: 'x' });
    await waitFinished(runId);
    const sent = entriesOf(runId).find((e) => e.kind === 'message' && e.message.type === 'done');
    expect(sent).toMatchObject({ message: { result: 'late' } });
    expect(sent).not.toHaveProperty('valueInResult');
  });

  it('passes the merged limits and cancels through the abort signal', async () => {
    const { service, executor, waitFinished } = setup(
      (_code, options) =>
        new Promise((resolve) => {
          const cancelled = () =>
            resolve({ ok: false, error: { code: 'timeout', message: 'cancelled' }, logs: [], durationMs: 5 });
          // Cancel may come before the executor is reached, as with a real one.
          if (options.signal!.aborted) cancelled();
          else options.signal!.addEventListener('abort', cancelled);
        }),
    );
    const { runId } = await service.api.start({ code: 'for(;;){}', limits: { timeoutMs: 1234 } });
    await service.api.cancel(runId);
    const finished = await waitFinished(runId);
    expect(finished).toMatchObject({ result: { ok: false, error: { code: 'timeout' } } });
    expect(executor.calls[0]).toMatchObject({
      timeoutMs: 1234,
      memoryLimitBytes: SETTINGS.limits.memoryLimitBytes,
    });
  });

  it('refuses bad requests with what and where', async () => {
    const { service } = setup(protocolRun);
    await expect(service.api.start({ code: 42 } as never)).rejects.toThrow('request.code must be a string');
    await expect(service.api.start({ code: '', limits: { timeoutMs: -1 } })).rejects.toThrow(
      'request.limits.timeoutMs must be an integer from 1 to 86400000 (got -1)',
    );
    // Positive but out of the runner's range: refused here, not failed later as an internal error.
    await expect(
      service.api.start({ code: '', limits: { memoryLimitBytes: 2 * 1024 * 1024 } }),
    ).rejects.toThrow(
      'request.limits.memoryLimitBytes must be an integer from 4194304 to 4294967296 (got 2097152)',
    );
    await expect(service.api.start({ code: '', limits: { nope: 1 } as never })).rejects.toThrow(
      'request.limits.nope is not a known limit',
    );
    await expect(
      service.api.start({ code: '', executor: { kind: 'worker', mode: 'x' } as never }),
    ).rejects.toThrow("request.executor.mode must be 'pooled' or 'ephemeral'");
    await expect(service.api.cancel('missing')).rejects.toThrow('no run with id "missing"');
  });

  it('turns an executor that cannot start into an internal_error result', async () => {
    const events: RunsEvent[] = [];
    let resolveFinished: (event: RunsEvent) => void = () => {};
    const finished = new Promise<RunsEvent>((resolve) => (resolveFinished = resolve));
    const service = createRunsService({
      resolvedProviders: async () => [],
      runtimeSettings: () => SETTINGS,
      executorFor: () => {
        throw new Error('no runner file');
      },
      emit: (event) => {
        events.push(event);
        if (event.type === 'finished') resolveFinished(event);
      },
    });
    await service.api.start({ code: '1' });
    expect(await finished).toMatchObject({
      result: {
        ok: false,
        error: { code: 'internal_error', message: expect.stringContaining('no runner file') },
      },
    });
  });

  it('lets run extensions intercept tool calls, override limits and see the finished transcript', async () => {
    const seen: { entries: number; ok: boolean }[] = [];
    const { service, executor, waitFinished } = setup(async (_code, options) => {
      const answer = await options.hooks!.interceptToolCall!(
        { type: 'tool_call', callId: 'c1', providerName: 'p', safeToolName: 't', input: 1 },
        async (input) => ({ ok: true, result: input }),
        { signal: options.signal!, clock: { pause() {}, resume() {} } },
      );
      return done({ result: answer });
    });
    service.addExtension({
      prepareRun: (run) => {
        run.emit({ type: 'input_edited', callId: 'c1' });
        return {
          runtimeOverrides: { timeoutMs: 99 },
          interceptToolCall: (call, dispatch) => dispatch((call.input as number) + 1),
        };
      },
      finishRun: (_id, transcript, result) => seen.push({ entries: transcript.count, ok: result.ok }),
    });
    const { runId } = await service.api.start({ code: 'x' });
    const finished = await waitFinished(runId);
    expect(finished).toMatchObject({ result: { ok: true, result: { ok: true, result: 2 } } });
    expect(executor.calls[0]?.timeoutMs).toBe(99);
    expect(seen).toEqual([{ entries: 3, ok: true }]);
  });

  it('runs with the providers a launch gives instead of the workspace ones, without loading those', async () => {
    let workspaceLoads = 0;
    const seenProviders: string[][] = [];
    const executor = createFakeExecutor(async (_code, _options, providers) => {
      seenProviders.push(providers.map((provider) => provider.name));
      return done();
    });
    const finished: RunsEvent[] = [];
    const service = createRunsService({
      resolvedProviders: async () => {
        workspaceLoads++;
        return [resolveProvider({ name: 'workspace', tools: { t: { execute: () => 1 } } })];
      },
      runtimeSettings: () => SETTINGS,
      executorFor: () => executor,
      emit: (event) => {
        if (event.type === 'finished') finished.push(event);
      },
    });
    const recorded = resolveProvider({ name: 'recorded', tools: { t: { execute: () => 2 } } });
    await service.launch({ code: 'x' }, { providers: [recorded] });
    await service.dispose();
    expect(seenProviders).toEqual([['recorded']]);
    expect(workspaceLoads).toBe(0);
    await service.api.start({ code: 'y' });
    await service.dispose();
    expect(seenProviders).toEqual([['recorded'], ['workspace']]);
    expect(workspaceLoads).toBe(1);
    expect(finished.map((event) => event.type === 'finished' && event.result.ok)).toEqual([true, true]);
  });
});

describe('the playground host', () => {
  it('answers RPC envelopes and forwards workspace events to its listeners', async () => {
    const workspaceHost = createFakeWorkspaceHost();
    const executor = createFakeExecutor(protocolRun);
    const host = createPlaygroundHost({ workspaceHost, createExecutor: () => executor });
    const events: PlaygroundEvent[] = [];
    host.onEvent((event) => events.push(event));

    expect(
      await host.handle({ type: 'request', id: 1, namespace: 'workspace', method: 'listSecrets', args: [] }),
    ).toEqual({
      type: 'response',
      id: 1,
      ok: true,
      value: ['TOKEN'],
    });
    expect(
      await host.handle({ type: 'request', id: 2, namespace: 'runs', method: 'dispose', args: [] }),
    ).toMatchObject({
      id: 2,
      ok: false,
      error: { kind: 'bad_request' },
    });
    expect(
      await host.handle({ type: 'request', id: 3, namespace: 'runs', method: 'start', args: [{}] }),
    ).toMatchObject({
      id: 3,
      ok: false,
      error: { kind: 'bad_request', message: 'request.code must be a string', where: 'runs.start' },
    });
    const debugMethod = PLAYGROUND_API_METHODS.debug[0];
    expect(
      await host.handle({ type: 'request', id: 4, namespace: 'debug', method: debugMethod, args: [] }),
    ).toMatchObject({
      ok: false,
      error: { kind: 'failed', message: expect.stringContaining('the debug service is not available') },
    });

    workspaceHost.emit({
      channel: 'providers',
      type: 'typings',
      workspacePath: '/w.execbox.json',
      version: 1,
      declarations: 'declare namespace x {}',
      providers: [{ name: 'x', state: 'ready' }],
    });
    expect(events).toContainEqual({
      channel: 'providers',
      type: 'typings',
      workspacePath: '/w.execbox.json',
      version: 1,
      declarations: 'declare namespace x {}',
      providers: [{ name: 'x', state: 'ready' }],
    });

    await host.services.runs.start({ code: '1' });
    await host.dispose();
    expect(executor.disposed).toBe(true);
    expect(workspaceHost.disposed).toBe(true);
  });
});

describe('composeInterceptors', () => {
  it('lets the first interceptor see the call first and each pass its edited input inward', async () => {
    const { composeInterceptors } = await import('../../src/main/services/runs/composeInterceptors');
    const seen: string[] = [];
    const composed = composeInterceptors([
      async (call, dispatch) => {
        seen.push(`outer saw ${String(call.input)}`);
        return dispatch(`${String(call.input)}+outer`);
      },
      async (call, dispatch) => {
        seen.push(`inner saw ${String(call.input)}`);
        return dispatch(`${String(call.input)}+inner`);
      },
    ])!;
    const result = await composed(
      { type: 'tool_call', callId: 'c', providerName: 'p', safeToolName: 't', input: 'in' },
      async (input) => ({ ok: true, result: input }),
      { signal: new AbortController().signal, clock: { pause() {}, resume() {} } },
    );
    expect(seen).toEqual(['outer saw in', 'inner saw in+outer']);
    expect(result).toEqual({ ok: true, result: 'in+outer+inner' });
    expect(composeInterceptors([])).toBeUndefined();
  });
});
