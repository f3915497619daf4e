import { describe, expect, it } from 'vitest';
import { createInMemoryTransportPair } from '../../src/main/engine/transports/createInMemoryTransportPair';
import { attachRunnerEndpoint } from '../../src/runner/attachRunnerEndpoint';
import type { ExecuteMessage, RunnerToHostMessage } from '../../src/shared/protocol/messages';
import { DEFAULT_RUNTIME_OPTIONS } from '../../src/shared/runtimeOptions';

function execute(id: string, code: string, tools: string[] = ['echo']): ExecuteMessage {
  return {
    type: 'execute',
    id,
    code,
    options: { ...DEFAULT_RUNTIME_OPTIONS },
    providers: [
      {
        name: 'tools',
        tools: Object.fromEntries(tools.map((name) => [name, { safeName: name, originalName: name }])),
        types: '',
      },
    ],
  };
}

function setup() {
  const pair = createInMemoryTransportPair();
  const diagnostics: string[] = [];
  attachRunnerEndpoint(pair.runner, { onDiagnostic: (message) => diagnostics.push(message) });
  const received: RunnerToHostMessage[] = [];
  const waiters: Array<{
    match: (m: RunnerToHostMessage) => boolean;
    resolve: (m: RunnerToHostMessage) => void;
  }> = [];
  pair.host.onMessage((raw) => {
    const message = raw as RunnerToHostMessage;
    received.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  const waitFor = (match: (m: RunnerToHostMessage) => boolean) =>
    new Promise<RunnerToHostMessage>((resolve) => {
      const already = received.find(match);
      if (already) resolve(already);
      else waiters.push({ match, resolve });
    });
  const doneOf = (id: string) => waitFor((m) => m.type === 'done' && m.id === id);
  return { host: pair.host, received, diagnostics, waitFor, doneOf };
}

describe('attachRunnerEndpoint', () => {
  it('serves sequential executions on one transport, each with started first and one done', async () => {
    const { host, received, doneOf } = setup();
    host.send(execute('a', '1'));
    expect(await doneOf('a')).toMatchObject({ ok: true, result: 1 });
    host.send(execute('b', '2'));
    expect(await doneOf('b')).toMatchObject({ ok: true, result: 2 });
    expect(received.map((m) => `${m.type}:${'id' in m ? m.id : ''}`)).toEqual([
      'started:a',
      'done:a',
      'started:b',
      'done:b',
    ]);
  });

  it('rejects a concurrent second execute with internal_error for its own id and finishes the first', async () => {
    const { host, waitFor, doneOf } = setup();
    host.send(execute('first', 'await tools.echo(1)'));
    const call = await waitFor((m) => m.type === 'tool_call');
    host.send(execute('second', '2'));
    expect(await doneOf('second')).toMatchObject({ ok: false, error: { code: 'internal_error' } });
    if (call.type !== 'tool_call') throw new Error('expected a tool call');
    host.send({ type: 'tool_result', callId: call.callId, ok: true, result: 'one' });
    expect(await doneOf('first')).toMatchObject({ ok: true, result: 'one' });
  });

  it('ignores malformed host messages, reports them, and keeps serving', async () => {
    const { host, diagnostics, doneOf } = setup();
    const send = host.send as (message: unknown) => void;
    send('{"type":"execute"');
    send({ type: 'execute', id: '', code: '1' });
    send({ type: 'launch_missiles' });
    send({ type: 'tool_result', callId: 'nobody', ok: true, result: 1 });
    send({ type: 'cancel', id: 'nothing-running' });
    host.send(execute('after', '"still here"'));
    expect(await doneOf('after')).toMatchObject({ ok: true, result: 'still here' });
    expect(diagnostics).toHaveLength(5);
  });

  it('cancel right after execute (before the guest starts) gives timeout', async () => {
    const { host, doneOf } = setup();
    host.send(execute('c', 'await tools.echo(1)'));
    host.send({ type: 'cancel', id: 'c' });
    expect(await doneOf('c')).toMatchObject({ ok: false, error: { code: 'timeout' } });
  });

  it('cancel while waiting on a tool result rejects it and gives timeout; finally blocks run', async () => {
    const { host, waitFor, doneOf } = setup();
    host.send(execute('d', 'try { await tools.echo(1) } finally { console.log("cleanup") }'));
    await waitFor((m) => m.type === 'tool_call');
    host.send({ type: 'cancel', id: 'd' });
    expect(await doneOf('d')).toMatchObject({ ok: false, logs: ['cleanup'], error: { code: 'timeout' } });
  });

  it('a failing tool_result rejects with an Error carrying the trusted code and message', async () => {
    const { host, waitFor, doneOf } = setup();
    host.send(
      execute(
        'e',
        'try { await tools.echo(1) } catch (e) { return [e instanceof Error, e.code, e.message] }',
      ),
    );
    const call = await waitFor((m) => m.type === 'tool_call');
    if (call.type !== 'tool_call') throw new Error('expected a tool call');
    host.send({
      type: 'tool_result',
      callId: call.callId,
      ok: false,
      error: { code: 'tool_error', message: 'nope' },
    });
    expect(await doneOf('e')).toMatchObject({ ok: true, result: [true, 'tool_error', 'nope'] });
  });

  it('gives each tool call a unique callId and ignores a second result for the same call', async () => {
    const { host, received, diagnostics, doneOf, waitFor } = setup();
    host.send(execute('f', 'await Promise.all([tools.echo(1), tools.echo(2), tools.echo(3)])'));
    await waitFor((m) => m.type === 'tool_call' && m.input === 3);
    const calls = received.filter((m) => m.type === 'tool_call');
    expect(new Set(calls.map((c) => c.type === 'tool_call' && c.callId)).size).toBe(3);
    for (const call of calls) {
      if (call.type !== 'tool_call') continue;
      host.send({ type: 'tool_result', callId: call.callId, ok: true, result: call.input });
      host.send({ type: 'tool_result', callId: call.callId, ok: true, result: 'again' });
    }
    expect(await doneOf('f')).toMatchObject({ ok: true, result: [1, 2, 3] });
    expect(diagnostics.length).toBeGreaterThanOrEqual(3);
  });
});
