import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TEST_RUNNER_ENTRY } from '../../scripts/buildRunnerForTests';
import {
  connectRunnerSocket,
  RunnerConnectError,
} from '../../src/main/engine/transports/connectRunnerSocket';
import {
  startRunnerServer,
  type RunnerServerHandle,
} from '../../src/main/programs/runnerServer/startRunnerServer';
import type { DoneMessage, ExecuteMessage, HostToRunnerMessage } from '../../src/shared/protocol/messages';
import { parseRunnerMessage } from '../../src/shared/protocol/parseMessage';
import { DEFAULT_RUNTIME_OPTIONS } from '../../src/shared/runtimeOptions';
import type { Transport } from '../../src/shared/transport';

const TOKEN = 'server-test-token';

function execute(id: string, code: string, timeoutMs = 5000): ExecuteMessage {
  return { type: 'execute', id, code, options: { ...DEFAULT_RUNTIME_OPTIONS, timeoutMs }, providers: [] };
}

/** Resolves with the done for `id` (other messages are skipped). */
function doneOf(transport: Transport<HostToRunnerMessage>, id: string): Promise<DoneMessage> {
  return new Promise((resolve, reject) => {
    transport.onMessage((raw) => {
      const parsed = parseRunnerMessage(raw);
      if (parsed.ok && parsed.message.type === 'done' && parsed.message.id === id) resolve(parsed.message);
    });
    transport.onClose((reason) => reject(new Error(`closed before done: ${reason}`)));
  });
}

/** Resolves once `started` for `id` arrives. */
function startedOf(transport: Transport<HostToRunnerMessage>, id: string): Promise<void> {
  return new Promise((resolve) => {
    transport.onMessage((raw) => {
      const parsed = parseRunnerMessage(raw);
      if (parsed.ok && parsed.message.type === 'started' && parsed.message.id === id) resolve();
    });
  });
}

describe('runner server (execbox runner --listen)', () => {
  let server: RunnerServerHandle;
  const open: Transport<HostToRunnerMessage>[] = [];
  const connect = async (token = TOKEN) => {
    const transport = await connectRunnerSocket(server.url, { token });
    open.push(transport);
    return transport;
  };
  beforeAll(async () => {
    server = await startRunnerServer({
      token: TOKEN,
      maxConnections: 3,
      maxMessageBytes: 64 * 1024,
      runnerEntryPath: TEST_RUNNER_ENTRY,
      cancelGraceMs: 300,
    });
  });
  // Every test starts with no connection open, so the connection limit counts only its own.
  afterEach(async () => {
    open.splice(0).forEach((t) => t.terminate());
    await expect.poll(() => server.connections(), { timeout: 10_000 }).toBe(0);
  });
  afterAll(() => server.close());

  it('binds to loopback by default', () => {
    expect(server.host).toBe('127.0.0.1');
    expect(server.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
  });

  it('refuses a connection without the token, or with a wrong one, at the upgrade (401)', async () => {
    for (const token of [undefined, 'wrong', `${TOKEN}x`]) {
      const error = await connectRunnerSocket(server.url, token ? { token } : {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RunnerConnectError);
      expect((error as RunnerConnectError).status).toBe(401);
    }
  });

  it('answers a plain HTTP request with 426 Upgrade Required', async () => {
    const response = await fetch(server.url.replace('ws:', 'http:'));
    expect(response.status).toBe(426);
  });

  it('runs executions one after another on one connection', async () => {
    const transport = await connect();
    for (const id of ['one', 'two']) {
      const done = doneOf(transport, id);
      transport.send(execute(id, '6 * 7'));
      expect(await done).toMatchObject({ ok: true, result: 42 });
    }
  });

  it('stops a guest stuck in a CPU loop on cancel, and the connection serves the next execution', async () => {
    const transport = await connect();
    const started = startedOf(transport, 'loop');
    const cancelled = doneOf(transport, 'loop');
    transport.send(execute('loop', 'while (true) {}', 60_000));
    await started;
    transport.send({ type: 'cancel', id: 'loop' });
    expect(await cancelled).toMatchObject({ ok: false, error: { code: 'timeout' } });
    const next = doneOf(transport, 'after');
    transport.send(execute('after', '"fresh runner"'));
    expect(await next).toMatchObject({ ok: true, result: 'fresh runner' });
  });

  it('keeps connections apart: one guest in a CPU loop does not hold up another connection', async () => {
    const busy = await connect();
    const other = await connect();
    const busyStarted = startedOf(busy, 'busy');
    const busyDone = doneOf(busy, 'busy');
    busy.send(execute('busy', 'while (true) {}', 60_000));
    await busyStarted;
    const quick = doneOf(other, 'quick');
    other.send(execute('quick', '1 + 1'));
    expect(await quick).toMatchObject({ ok: true, result: 2 });
    busy.send({ type: 'cancel', id: 'busy' });
    expect(await busyDone).toMatchObject({ ok: false, error: { code: 'timeout' } });
  });

  it('refuses connections beyond --max-connections with 503', async () => {
    const held = await Promise.all([connect(), connect(), connect()]);
    const error = await connectRunnerSocket(server.url, { token: TOKEN }).catch((e: unknown) => e);
    expect((error as RunnerConnectError).status).toBe(503);
    expect(held).toHaveLength(3);
  });

  it('closes a connection that sends a message over --max-message-bytes, and keeps serving others', async () => {
    const socket = new WebSocket(server.url, { headers: { Authorization: `Bearer ${TOKEN}` } });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const closed = new Promise<[number, string]>((resolve) =>
      socket.once('close', (code, reason) => resolve([code, reason.toString()])),
    );
    socket.on('error', () => {});
    socket.send(JSON.stringify(execute('big', `"${'x'.repeat(100 * 1024)}"`)));
    expect(await closed).toEqual([1009, 'message larger than the 65536-byte limit was refused']);
    const transport = await connect();
    const done = doneOf(transport, 'small');
    transport.send(execute('small', '"ok"'));
    expect(await done).toMatchObject({ ok: true });
  });
});
