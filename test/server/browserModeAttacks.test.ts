import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createPlaygroundHost, type PlaygroundHost } from '../../src/main/app/createPlaygroundHost';
import {
  startPlaygroundServer,
  type PlaygroundServer,
} from '../../src/main/faces/browserServer/startPlaygroundServer';
import { codeTooLargeReason, MAX_CODE_BYTES } from '../../src/shared/api/codeSizeLimit';
import { describeRpcClose, encodeRpcRequest } from '../../src/shared/rpc/encodeRpcRequest';
import type { RpcServerMessage } from '../../src/shared/rpc/envelope';
import { MAX_RPC_MESSAGE_BYTES } from '../../src/shared/rpc/maxRpcMessageBytes';
import { createFakeExecutor, createFakeWorkspaceHost, done } from '../app/fakes';

let dir: string;
let host: PlaygroundHost;
let server: PlaygroundServer;
let origin: string;
const logged: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'execbox-attack-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>t</title>');
  host = createPlaygroundHost({
    workspaceHost: createFakeWorkspaceHost(),
    createExecutor: () => createFakeExecutor(async () => done()),
  });
  server = await startPlaygroundServer({ host, rendererDir: dir, port: 0, log: (line) => logged.push(line) });
  origin = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server.close();
  await host.dispose();
  await rm(dir, { recursive: true, force: true });
});

async function open(): Promise<WebSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}/api?token=${server.token}`, {
    headers: { origin },
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return socket;
}

function call(socket: WebSocket, request: object): Promise<RpcServerMessage> {
  return new Promise((resolve) => {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as RpcServerMessage;
      if (message.type === 'response') resolve(message);
    });
    socket.send(JSON.stringify(request));
  });
}

const listSecrets = (id: number) => ({
  type: 'request',
  id,
  namespace: 'workspace',
  method: 'listSecrets',
  args: [],
  token: server.token,
});

describe('browser mode under attack', () => {
  it('refuses a 17 MiB frame with 1009 and a reason, and keeps serving every other page', async () => {
    const bystander = await open();
    const attacker = await open();
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      attacker.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    attacker.on('error', () => {});
    attacker.send('x'.repeat(17 * 1024 * 1024));
    const { code, reason } = await closed;
    expect(code).toBe(1009);
    expect(reason).toMatch(/larger than the 16 MiB limit/);
    expect(await call(bystander, listSecrets(1))).toMatchObject({ id: 1, ok: true });
    const fresh = await open();
    expect(await call(fresh, listSecrets(2))).toMatchObject({ id: 2, ok: true });
    expect(logged.some((line) => /Max payload size exceeded/i.test(line))).toBe(true);
    bystander.close();
    fresh.close();
  });

  it('answers a request nested 200,000 levels deep with the place, before parsing it', async () => {
    const socket = await open();
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const text = `{"type":"request","id":4,"namespace":"workspace","method":"setSecret","args":["A",${deep}],"token":"${server.token}"}`;
    const answer = await new Promise<RpcServerMessage>((resolve) => {
      socket.on('message', (data) => resolve(JSON.parse(data.toString()) as RpcServerMessage));
      socket.send(text);
    });
    // The object and args are levels 1 and 2, so level 1001 is the deep array's 999th bracket.
    const column = text.indexOf('[', text.indexOf('"A"')) + 999;
    expect(answer).toMatchObject({
      ok: false,
      error: {
        kind: 'bad_request',
        message: expect.stringContaining(`too deeply nested at request:1:${column}`),
      },
    });
    expect(await call(socket, listSecrets(5))).toMatchObject({ ok: true });
    socket.close();
  });

  it('survives a malformed frame (bad opcode) and a connection reset mid-upgrade', async () => {
    const attacker = await open();
    attacker.on('error', () => {});
    const closed = new Promise<number>((resolve) => attacker.once('close', (code) => resolve(code)));
    // A reserved opcode (0x3) with the mask bit set: a protocol error on the server's side.
    (attacker as unknown as { _socket: import('node:net').Socket })._socket.write(
      Buffer.from([0x83, 0x80, 1, 2, 3, 4]),
    );
    expect(await closed).toBe(1002);
    const fresh = await open();
    expect(await call(fresh, listSecrets(3))).toMatchObject({ ok: true });
    fresh.close();
  });

  it("the page refuses to send a request over the limit, in words, and shows the host's refusal in words", async () => {
    // Ten million non-ASCII characters: under the limit in characters, about twice over it in bytes.
    const code = 'é'.repeat(10_000_000);
    expect(code.length).toBeLessThan(MAX_RPC_MESSAGE_BYTES);
    const encoded = encodeRpcRequest({
      type: 'request',
      id: 1,
      namespace: 'runs',
      method: 'start',
      args: [{ code }],
    });
    expect(encoded).toEqual({
      ok: false,
      message: expect.stringMatching(
        /is 19\.1 MiB, more than the 16\.0 MiB the host accepts in one message, so it was not sent/,
      ),
    });
    expect(codeTooLargeReason(code)).toMatch(
      /The code is 19\.1 MiB as UTF-8, more than the 1\.0 MiB a run accepts/,
    );
    expect(codeTooLargeReason('1 + 1')).toBeUndefined();
    // What the page shows when the host refuses a frame anyway (an older page, another client).
    const attacker = await open();
    attacker.on('error', () => {});
    const closed = new Promise<string>((resolve) =>
      attacker.once('close', (closeCode, reason) => resolve(describeRpcClose(closeCode, reason.toString()))),
    );
    attacker.send(Buffer.alloc(MAX_RPC_MESSAGE_BYTES + 1, 0x20), { binary: false });
    expect(await closed).toBe(
      'The host refused a message that was too large (message larger than the 16 MiB limit was refused); the connection was reopened.',
    );
  });

  it('the host refuses code over the run limit counted in UTF-8 bytes, not characters', async () => {
    const socket = await open();
    const code = '€'.repeat(Math.ceil(MAX_CODE_BYTES / 3) + 10);
    expect(code.length).toBeLessThan(MAX_CODE_BYTES);
    const answer = await call(socket, {
      type: 'request',
      id: 7,
      namespace: 'runs',
      method: 'start',
      args: [{ code }],
      token: server.token,
    });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'bad_request' } });
    expect(JSON.stringify(answer)).toMatch(/as UTF-8, more than the 1\.0 MiB a run accepts/);
    socket.close();
  });
});
