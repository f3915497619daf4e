import { describe, expect, it } from 'vitest';
import { runHostSession } from '../../src/main/engine/executors/runHostSession';
import { createInMemoryTransportPair } from '../../src/main/engine/transports/createInMemoryTransportPair';
import { attachRunnerEndpoint } from '../../src/runner/attachRunnerEndpoint';
import {
  LOG_STREAM_MESSAGE_TYPE,
  parseLogStreamMessage,
  type LogStreamMessage,
} from '../../src/shared/protocol/logStreamMessage';
import type { ExecuteMessage, HostToRunnerMessage } from '../../src/shared/protocol/messages';
import { resolveRuntimeOptions, DEFAULT_RUNTIME_OPTIONS } from '../../src/shared/runtimeOptions';
import type { HostEvent } from '../../src/shared/transcript';
import type { Transport } from '../../src/shared/transport';
import { createTransportEvents } from '../../src/shared/transportEvents';

const LOGGING_CODE = `
for (let i = 0; i < 500; i++) console.log('line ' + i);
console.error('the error');
console.warn('the warning');
await tools.echo({});
console.info('after the call');
1`;

function execute(code: string, maxLogLines = 100): ExecuteMessage {
  return {
    type: 'execute',
    id: 'exec-1',
    code,
    options: { ...DEFAULT_RUNTIME_OPTIONS, maxLogLines },
    providers: [{ name: 'tools', tools: { echo: { safeName: 'echo', originalName: 'echo' } }, types: '' }],
  };
}

/** Runs LOGGING_CODE on a real runner endpoint, answering tool calls, and returns every message it sent. */
async function runOnEndpoint(logStream: boolean | undefined, code = LOGGING_CODE, maxLogLines = 100) {
  const pair = createInMemoryTransportPair();
  attachRunnerEndpoint(pair.runner, {
    onDiagnostic: () => {},
    ...(logStream === undefined ? {} : { logStream }),
  });
  const received: Array<{ type: string } & Record<string, unknown>> = [];
  const done = new Promise<void>((resolve) => {
    pair.host.onMessage((raw) => {
      const message = raw as { type: string } & Record<string, unknown>;
      received.push(message);
      if (message.type === 'tool_call') {
        pair.host.send({ type: 'tool_result', callId: message.callId as string, ok: true, result: 'ok' });
      }
      if (message.type === 'done') resolve();
    });
  });
  pair.host.send(execute(code, maxLogLines));
  await done;
  pair.host.dispose();
  return received;
}

describe('log stream: runner side', () => {
  it('a runner that never opted in never sends it, and done.logs is the spec truncation', async () => {
    for (const logStream of [undefined, false]) {
      const received = await runOnEndpoint(logStream);
      expect(received.map((m) => m.type)).toEqual(['started', 'tool_call', 'done']);
      const done = received.at(-1)!;
      expect(done.logs).toEqual(Array.from({ length: 100 }, (_, i) => `line ${i}`));
    }
  });

  it('streams kept lines with levels, in order with the tool call, and counts what the caps dropped', async () => {
    const received = await runOnEndpoint(true);
    const types = received.map((m) => m.type);
    expect(types[0]).toBe('started');
    expect(types.at(-1)).toBe('done');
    const callIndex = types.indexOf('tool_call');
    const batches = received.filter(
      (m) => m.type === LOG_STREAM_MESSAGE_TYPE,
    ) as unknown as LogStreamMessage[];
    // Everything logged before the call is sent before it.
    const before = received.slice(0, callIndex).filter((m) => m.type === LOG_STREAM_MESSAGE_TYPE);
    expect(before.length).toBeGreaterThan(0);
    for (const batch of batches) expect(parseLogStreamMessage(batch)).toEqual({ ok: true, message: batch });
    const lines = batches.flatMap((batch) => batch.lines);
    expect(lines).toEqual(Array.from({ length: 100 }, (_, i) => ({ level: 'log', text: `line ${i}` })));
    expect(batches.at(-1)!.dropped).toEqual({
      lines: 403,
      chars: 400 * 'line 123'.length + 'the error'.length + 'the warning'.length + 'after the call'.length,
      byLevel: { log: 400, error: 1, warn: 1, info: 1 },
    });
    // The done message is exactly what a runner without the extension sends.
    const done = received.at(-1)!;
    expect(done.logs).toEqual(lines.map((line) => line.text));
  });

  it('clips the line where maxLogChars falls and counts the clipped characters', async () => {
    const pair = createInMemoryTransportPair();
    attachRunnerEndpoint(pair.runner, { onDiagnostic: () => {}, logStream: true });
    const received: Array<{ type: string } & Record<string, unknown>> = [];
    const done = new Promise<void>((resolve) =>
      pair.host.onMessage((raw) => {
        received.push(raw as { type: string });
        if ((raw as { type: string }).type === 'done') resolve();
      }),
    );
    pair.host.send({
      ...execute("console.warn('abcdef'); console.error('xyz')"),
      options: { ...DEFAULT_RUNTIME_OPTIONS, maxLogChars: 4 },
    });
    await done;
    const batches = received.filter(
      (m) => m.type === LOG_STREAM_MESSAGE_TYPE,
    ) as unknown as LogStreamMessage[];
    expect(batches.flatMap((b) => b.lines)).toEqual([{ level: 'warn', text: 'abcd' }]);
    expect(batches.at(-1)!.dropped).toEqual({ lines: 1, chars: 2 + 3, byLevel: { error: 1 } });
    expect(received.at(-1)!.logs).toEqual(['abcd']);
  });

  it('sends a line while the guest is still in a CPU loop (the batch timer cannot fire then)', async () => {
    const pair = createInMemoryTransportPair();
    const sent: string[] = [];
    const send = pair.runner.send.bind(pair.runner);
    pair.runner.send = (message) => {
      sent.push(message.type);
      send(message);
    };
    // The loop ends only once a batch went out: without it, the run would spin to its 60 s deadline.
    attachRunnerEndpoint(pair.runner, {
      onDiagnostic: () => {},
      logStream: true,
      interruptProbe: () => sent.includes(LOG_STREAM_MESSAGE_TYPE),
    });
    const done = new Promise<Record<string, unknown>>((resolve) =>
      pair.host.onMessage((raw) => {
        if ((raw as { type: string }).type === 'done') resolve(raw as Record<string, unknown>);
      }),
    );
    pair.host.send({
      ...execute("console.warn('spinning'); while (true) {}"),
      options: { ...DEFAULT_RUNTIME_OPTIONS, timeoutMs: 60_000 },
    });
    expect(await done).toMatchObject({ ok: false, logs: ['spinning'] });
    expect(sent).toEqual(['started', LOG_STREAM_MESSAGE_TYPE, 'done']);
  });
});

/** A scripted runner: answers execute with started, the given extra messages, then done. */
function scriptedTransport(extra: (id: string) => unknown[]): Transport<HostToRunnerMessage> {
  const events = createTransportEvents<unknown>();
  return {
    send(message) {
      if (message.type !== 'execute') return;
      const id = message.id;
      queueMicrotask(() => {
        events.emitMessage({ type: 'started', id });
        for (const item of extra(id)) events.emitMessage(item);
        events.emitMessage({ type: 'done', id, ok: true, durationMs: 1, logs: ['a'], result: 1 });
      });
    },
    onMessage: events.onMessage,
    onClose: events.onClose,
    onError: events.onError,
    terminate: () => {},
    dispose: () => {},
  };
}

async function hostEvents(logStream: boolean, extra: (id: string) => unknown[]) {
  const events: HostEvent[] = [];
  const result = await runHostSession({
    transport: scriptedTransport(extra),
    code: '1',
    providers: [],
    runtime: resolveRuntimeOptions({}),
    logStream,
    hooks: { onHostEvent: (event) => events.push(event) },
  });
  return { result, events };
}

const batch = (id: string): LogStreamMessage => ({
  type: LOG_STREAM_MESSAGE_TYPE,
  id,
  lines: [{ level: 'warn', text: 'careful' }],
  dropped: { lines: 2, chars: 10, byLevel: { log: 2 } },
});

describe('log stream: host side', () => {
  it('a host that did not ask rejects it as malformed and stops the run, saying why', async () => {
    const { result, events } = await hostEvents(false, (id) => [batch(id), JSON.stringify(batch(id))]);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal_error' } });
    expect(result.ok ? '' : result.error.message).toContain(LOG_STREAM_MESSAGE_TYPE);
    expect(events.filter((e) => e.type === 'guest_console')).toEqual([]);
    const malformed = events.filter((e) => e.type === 'malformed_message');
    expect(malformed).toHaveLength(1);
    expect(JSON.stringify(malformed[0])).toContain(LOG_STREAM_MESSAGE_TYPE);
  });

  it('a host that asked records each batch as a guest_console event', async () => {
    const { result, events } = await hostEvents(true, (id) => [batch(id), JSON.stringify(batch(id))]);
    expect(result).toMatchObject({ ok: true, logs: ['a'] });
    const consoles = events.filter((e) => e.type === 'guest_console');
    expect(consoles).toEqual([
      { type: 'guest_console', lines: [{ level: 'warn', text: 'careful' }], dropped: batch('x').dropped },
      { type: 'guest_console', lines: [{ level: 'warn', text: 'careful' }], dropped: batch('x').dropped },
    ]);
  });

  it('a host that asked still rejects forged or broken batches, saying what is wrong', async () => {
    const { result, events } = await hostEvents(true, (id) => [
      { ...batch(id), id: 'someone-else' },
      { ...batch(id), lines: [{ level: 'debug', text: 'x' }] },
      { ...batch(id), lines: [{ level: 'log', text: 42 }] },
      { ...batch(id), extra: true },
      { ...batch(id), dropped: { lines: -1, chars: 0 } },
      `{"type":"${LOG_STREAM_MESSAGE_TYPE}", broken`,
    ]);
    expect(result).toMatchObject({ ok: true });
    expect(events.filter((e) => e.type === 'guest_console')).toEqual([]);
    const reasons = events.flatMap((e) => (e.type === 'malformed_message' ? [e.reason] : []));
    expect(reasons).toHaveLength(6);
    expect(reasons[0]).toContain('expected');
    expect(reasons[1]).toContain('lines[0].level');
    expect(reasons[2]).toContain('lines[0].text');
    expect(reasons[3]).toContain('unexpected field');
    expect(reasons[4]).toContain('dropped.lines');
    expect(reasons[5]).toContain('not valid JSON');
  });
});
