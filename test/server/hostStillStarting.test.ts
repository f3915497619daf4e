import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createPlaygroundHost, type PlaygroundHost } from '../../src/main/app/createPlaygroundHost';
import {
  startPlaygroundServer,
  type PlaygroundServer,
} from '../../src/main/faces/browserServer/startPlaygroundServer';
import type { RpcServerMessage } from '../../src/shared/rpc/envelope';
import { createFakeExecutor, createFakeWorkspaceHost, done } from '../app/fakes';

let server: PlaygroundServer | undefined;
let dir: string | undefined;
afterEach(async () => {
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  server = undefined;
});

async function serve(host: Promise<PlaygroundHost>): Promise<PlaygroundServer> {
  dir = await mkdtemp(join(tmpdir(), 'execbox-starting-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>t</title>');
  server = await startPlaygroundServer({ host, rendererDir: dir, port: 0 });
  return server;
}

function callOnce(server: PlaygroundServer, message: object): Promise<RpcServerMessage> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/api?token=${server.token}`, {
      headers: { origin: `http://127.0.0.1:${server.port}` },
    });
    socket.once('error', reject);
    socket.once('open', () => socket.send(JSON.stringify({ ...message, token: server.token })));
    socket.once('message', (data) => {
      resolve(JSON.parse(data.toString()) as RpcServerMessage);
      socket.close();
    });
  });
}

describe('a browser-mode server whose host is still starting', () => {
  it('listens at once, and answers calls made meanwhile when the host is ready', async () => {
    let ready!: (host: PlaygroundHost) => void;
    const host = new Promise<PlaygroundHost>((resolve) => (ready = resolve));
    const started = await serve(host);
    const answer = callOnce(started, { type: 'request', id: 7, namespace: 'runs', method: 'list', args: [] });
    const real = createPlaygroundHost({
      workspaceHost: createFakeWorkspaceHost(),
      createExecutor: () => createFakeExecutor(async () => done()),
    });
    ready(real);
    expect(await answer).toMatchObject({ type: 'response', id: 7, ok: true });
    await real.dispose();
  });

  it('answers every call with the reason when the host could not start', async () => {
    const host = Promise.reject(new Error('the workspace file is broken'));
    host.catch(() => undefined);
    const started = await serve(host);
    expect(
      await callOnce(started, { type: 'request', id: 3, namespace: 'runs', method: 'list', args: [] }),
    ).toEqual({
      type: 'response',
      id: 3,
      ok: false,
      error: { kind: 'failed', message: 'The host could not start: the workspace file is broken' },
    });
  });
});
