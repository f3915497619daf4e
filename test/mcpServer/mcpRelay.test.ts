import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlaygroundHost } from '../../src/main/app/createPlaygroundHost';
import { bridgeStdioToHttp } from '../../src/main/faces/mcp/bridgeStdioToHttp';
import { createExecboxMcpServer } from '../../src/main/faces/mcp/createExecboxMcpServer';
import { startMcpHttpServer } from '../../src/main/faces/mcp/startMcpHttpServer';
import { openTestHost } from './mcpFixture';

const cleanup: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'relayed', version: '1' } },
};

/** The relay with its stdio in this process: sends one request and returns the first answer. */
async function relayAnswer(url: string, token: string, answerWithinMs?: number) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const warnings: string[] = [];
  const bridged = bridgeStdioToHttp({
    url: new URL(url),
    token,
    warn: (message) => warnings.push(message),
    stdin,
    stdout,
    ...(answerWithinMs ? { answerWithinMs } : {}),
  });
  cleanup.push(() => {
    stdin.end();
    return bridged;
  });
  const lines = createInterface({ input: stdout })[Symbol.asyncIterator]();
  stdin.write(JSON.stringify(INITIALIZE) + '\n');
  const first = await lines.next();
  const answer = JSON.parse(first.value as string) as { error: { message: string } };
  return { answer, warnings };
}

async function appEndpoint(): Promise<{ url: string; token: string }> {
  const { host } = await openTestHost();
  const server = await startMcpHttpServer({
    createServer: () => createExecboxMcpServer({ host: host as PlaygroundHost }),
  });
  cleanup.push(
    () => host.dispose(),
    () => server.close(),
  );
  return server;
}

describe('execbox mcp --connect answers the agent, and says what is wrong', { timeout: 60_000 }, () => {
  it('relays to a running app', async () => {
    const app = await appEndpoint();
    const { answer } = await relayAnswer(app.url, app.token);
    expect(answer).toMatchObject({ id: 1, result: { serverInfo: { name: 'execbox-playground' } } });
  });

  it('a wrong token: the app refused the token (not "could not be reached")', async () => {
    const app = await appEndpoint();
    const { answer, warnings } = await relayAnswer(app.url, 'a-wrong-token-of-some-length');
    expect(answer).toMatchObject({ id: 1, error: { code: -32000, data: { reason: 'token_refused' } } });
    expect(answer.error.message).toMatch(/refused the token in \$EXECBOX_TOKEN/);
    expect(warnings.join('\n')).toMatch(/refused the token/);
  });

  it('nothing listening: the app is not running', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { answer } = await relayAnswer(`http://127.0.0.1:${port}/mcp`, 'x'.repeat(32));
    expect(answer).toMatchObject({ id: 1, error: { data: { reason: 'app_not_running' } } });
    expect(answer.error.message).toMatch(/not running/);
  });

  it('an endpoint that accepts and never answers: the relay answers within its bound', async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => {
      silent.close();
    });
    const { port } = silent.address() as AddressInfo;
    const { answer } = await relayAnswer(`http://127.0.0.1:${port}/mcp`, 'x'.repeat(32), 300);
    expect(answer).toMatchObject({ id: 1, error: { data: { reason: 'app_not_answering' } } });
    expect(answer.error.message).toMatch(/is not answering/);
  });
});
