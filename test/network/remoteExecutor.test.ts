import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import type { AddressInfo } from 'node:net';
import { TEST_RUNNER_ENTRY } from '../../scripts/buildRunnerForTests';
import { resolveProvider } from '../../src/main/engine/core/resolveProvider';
import { createRemoteExecutor } from '../../src/main/engine/executors/createRemoteExecutor';
import {
  startRunnerServer,
  type RunnerServerHandle,
} from '../../src/main/programs/runnerServer/startRunnerServer';
import { withRemoteExecutor } from '../../src/main/engine/executors/withRemoteExecutor';
import type { HostEvent } from '../../src/shared/transcript';

describe('remote executor', () => {
  let server: RunnerServerHandle;
  beforeAll(async () => {
    server = await startRunnerServer({ token: 'remote-token', runnerEntryPath: TEST_RUNNER_ENTRY });
  });
  afterAll(() => server.close());

  it('runs guest code with tool calls on the remote runner', async () => {
    const executor = createRemoteExecutor({ url: server.url, token: 'remote-token' });
    const providers = [
      resolveProvider({
        name: 'math',
        tools: {
          add: { execute: (input) => (input as { a: number; b: number }).a + (input as { b: number }).b },
        },
      }),
    ];
    const result = await executor.execute('console.log("remote"); await math.add({ a: 2, b: 3 })', providers);
    expect(result).toMatchObject({ ok: true, result: 5, logs: ['remote'] });
    await executor.dispose();
  });

  it('is what the app runs for { kind: remote }, with the token read from the named secret at each run', async () => {
    const secrets: Record<string, string> = {};
    const factory = withRemoteExecutor(
      () => {
        throw new Error('local executors are not part of this test');
      },
      async (name) => secrets[name],
    );
    const executor = await factory({ kind: 'remote', url: server.url, tokenSecret: 'RUNNER_TOKEN' });
    const missing = await executor.execute('1', []);
    expect(missing).toMatchObject({
      ok: false,
      error: { code: 'internal_error', message: expect.stringContaining('RUNNER_TOKEN is not set') },
    });
    secrets.RUNNER_TOKEN = 'remote-token';
    expect(await executor.execute('"via secret"', [])).toMatchObject({ ok: true, result: 'via secret' });
    await executor.dispose();
  });

  it('reports a refused token as internal_error naming the HTTP status', async () => {
    const executor = createRemoteExecutor({ url: server.url, token: 'nope' });
    const result = await executor.execute('1', []);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal_error' } });
    expect(!result.ok && result.error.message).toContain('HTTP 401');
  });

  it('reports an unreachable runner as internal_error', async () => {
    const executor = createRemoteExecutor({ url: 'ws://127.0.0.1:1', token: 'x' });
    const result = await executor.execute('1', []);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal_error' } });
  });

  it('turns a connection dropped before done into internal_error', async () => {
    const executor = createRemoteExecutor({ url: server.url, token: 'remote-token' });
    const providers = [
      resolveProvider({
        name: 'net',
        tools: {
          drop: {
            execute: () => {
              server.dropConnections();
              return new Promise(() => {});
            },
          },
        },
      }),
    ];
    const result = await executor.execute('await net.drop()', providers, { timeoutMs: 30_000 });
    expect(result).toMatchObject({ ok: false, error: { code: 'internal_error' } });
  });

  it('cancels through the signal with timeout', async () => {
    const executor = createRemoteExecutor({ url: server.url, token: 'remote-token' });
    const controller = new AbortController();
    const providers = [
      resolveProvider({
        name: 'ctl',
        tools: {
          stop: {
            execute: () => {
              controller.abort();
              return new Promise(() => {});
            },
          },
        },
      }),
    ];
    const result = await executor.execute('await ctl.stop(); while (true) {}', providers, {
      timeoutMs: 60_000,
      signal: controller.signal,
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'timeout' } });
  });
});

describe('remote executor hard stop', () => {
  /** A runner that accepts the execution and then ignores everything, cancel included. */
  let deaf: WebSocketServer;
  let url: string;
  let closes = 0;
  beforeAll(async () => {
    deaf = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => deaf.once('listening', resolve));
    url = `ws://127.0.0.1:${(deaf.address() as AddressInfo).port}`;
    deaf.on('connection', (socket) => {
      socket.on('close', () => (closes += 1));
      socket.once('message', (data) => {
        const { id } = JSON.parse(data.toString()) as { id: string };
        socket.send(JSON.stringify({ type: 'started', id }));
      });
    });
  });
  afterAll(() => new Promise<void>((resolve) => deaf.close(() => resolve())));

  it('closes the socket when the runner does not answer cancel within the grace period', async () => {
    const executor = createRemoteExecutor({ url, cancelGraceMs: 200 });
    const events: HostEvent[] = [];
    const result = await executor.execute('1', [], {
      timeoutMs: 300,
      hooks: { onHostEvent: (event) => events.push(event) },
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(events.map((e) => e.type)).toContain('hard_kill');
    await expect.poll(() => closes, { timeout: 10_000 }).toBe(1);
  });
});
