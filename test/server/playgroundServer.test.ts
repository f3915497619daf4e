import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createPlaygroundHost, type PlaygroundHost } from '../../src/main/app/createPlaygroundHost';
import {
  startPlaygroundServer,
  type PlaygroundServer,
} from '../../src/main/faces/browserServer/startPlaygroundServer';
import { isLoopbackHost } from '../../src/main/system/isLoopbackHost';
import { unpackEventsFrame } from '../../src/shared/rpc/unpackEventsFrame';
import type { PlaygroundEvent } from '../../src/shared/api/playgroundApi';
import type { RpcServerMessage } from '../../src/shared/rpc/envelope';
import { createFakeExecutor, createFakeWorkspaceHost, done } from '../app/fakes';

let dir: string;
let host: PlaygroundHost;
let server: PlaygroundServer;
let origin: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'execbox-server-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>t</title>');
  await writeFile(join(dir, 'assets', 'app.js'), 'console.log(1)');
  await writeFile(join(tmpdir(), 'execbox-secret.txt'), 'outside');
  host = createPlaygroundHost({
    workspaceHost: createFakeWorkspaceHost(),
    createExecutor: () => createFakeExecutor(async () => done()),
  });
  server = await startPlaygroundServer({ host, rendererDir: dir, port: 0 });
  origin = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server.close();
  await host.dispose();
  await rm(dir, { recursive: true, force: true });
});

function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path, headers }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

/** Resolves with the open socket, or with the HTTP status the upgrade was refused with. */
function connect(query: string, headers: Record<string, string>) {
  return new Promise<{ socket?: WebSocket; status?: number }>((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/api${query}`, { headers });
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode }));
    socket.once('error', () => resolve({ status: -1 }));
  });
}

function call(socket: WebSocket, message: unknown) {
  return new Promise<RpcServerMessage>((resolve) => {
    socket.once('message', (data) => resolve(JSON.parse(data.toString()) as RpcServerMessage));
    socket.send(JSON.stringify(message));
  });
}

describe('browser mode server', () => {
  it('prints a loopback URL with the token in the fragment', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/#token=${server.token}`);
    expect(server.token.length).toBeGreaterThanOrEqual(32);
  });

  it('serves the renderer with a strict CSP, and never a file outside it', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect((await get('/assets/app.js')).body).toBe('console.log(1)');
    const escape = await get('/..%2f..%2fexecbox-secret.txt');
    expect(escape.body).not.toContain('outside');
  });

  it('refuses a DNS-rebinding Host header', async () => {
    expect((await get('/', { host: `evil.example:${server.port}` })).status).toBe(421);
    expect(
      (await connect(`?token=${server.token}`, { origin, host: `evil.example:${server.port}` })).status,
    ).toBe(421);
  });

  it('refuses a WebSocket from another origin, or without one', async () => {
    expect((await connect(`?token=${server.token}`, { origin: 'http://evil.example' })).status).toBe(403);
    expect(
      (await connect(`?token=${server.token}`, { origin: `http://127.0.0.1:${server.port + 1}` })).status,
    ).toBe(403);
    expect((await connect(`?token=${server.token}`, {})).status).toBe(403);
  });

  it('refuses a connection without the right token', async () => {
    expect((await connect('', { origin })).status).toBe(401);
    expect((await connect('?token=wrong', { origin })).status).toBe(401);
  });

  it('requires the token on every call and answers calls that carry it', async () => {
    const { socket } = await connect(`?token=${server.token}`, { origin });
    expect(socket).toBeDefined();
    const ws = socket!;
    const base = { type: 'request', namespace: 'workspace', method: 'listSecrets', args: [] };
    expect(await call(ws, { ...base, id: 1 })).toMatchObject({
      id: 1,
      ok: false,
      error: { kind: 'unauthorized' },
    });
    expect(await call(ws, { ...base, id: 2, token: 'nope' })).toMatchObject({
      id: 2,
      ok: false,
      error: { kind: 'unauthorized' },
    });
    expect(await call(ws, { ...base, id: 3, token: server.token })).toEqual({
      type: 'response',
      id: 3,
      ok: true,
      value: ['TOKEN'],
    });
    expect(await call(ws, { ...base, id: 4, token: server.token, method: 'eval' })).toMatchObject({
      id: 4,
      error: { kind: 'bad_request' },
    });
    ws.close();
  });

  it('pushes host events to connected pages, packed, each before the response that follows it', async () => {
    const { socket } = await connect(`?token=${server.token}`, { origin });
    const ws = socket!;
    const seen: string[] = [];
    const started = new Promise<PlaygroundEvent>((resolve) =>
      ws.on('message', (data) => {
        const message = JSON.parse(data.toString()) as RpcServerMessage;
        if (message.type === 'response') seen.push(`response ${message.id}`);
        else
          for (const event of unpackEventsFrame(message)) {
            if (event.channel === 'runs') seen.push(`${event.type} event`);
            if (event.channel === 'runs' && event.type === 'finished') resolve(event);
          }
      }),
    );
    ws.send(
      JSON.stringify({
        type: 'request',
        id: 9,
        namespace: 'runs',
        method: 'start',
        args: [{ code: '1' }],
        token: server.token,
      }),
    );
    expect(await started).toMatchObject({ type: 'finished', result: { ok: true } });
    expect(seen.indexOf('started event')).toBeLessThan(seen.indexOf('response 9'));
    ws.close();
  });

  it('will not bind a non-loopback address without the explicit flag', async () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('::1')).toBe(true);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
    await expect(startPlaygroundServer({ host, rendererDir: dir, bindHost: '0.0.0.0' })).rejects.toThrow(
      'refusing to listen on 0.0.0.0',
    );
  });
});
