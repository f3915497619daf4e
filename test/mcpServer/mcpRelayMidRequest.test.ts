import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PlaygroundHost } from '../../src/main/app/createPlaygroundHost';
import { createExecboxMcpServer } from '../../src/main/faces/mcp/createExecboxMcpServer';
import { startMcpHttpServer } from '../../src/main/faces/mcp/startMcpHttpServer';
import { buildCliForTests, TEST_CLI } from '../../scripts/buildCliForTests';
import { connectClient, openTestHost } from './mcpFixture';

const TOKEN = 'relay-test-token-0123456789';
/** How long the test waits for an answer: far beyond what the relay needs, so a relay that never answers fails. */
const AGENT_WAITS_MS = 40_000;

const cleanup: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});
beforeAll(() => buildCliForTests(), 120_000);

/** An agent whose stdio goes through `execbox mcp --connect URL` (the built CLI). */
async function relayedAgent(
  url: string,
  extraArgs: string[] = [],
): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [TEST_CLI, 'mcp', '--connect', url, ...extraArgs],
    env: { ...process.env, EXECBOX_TOKEN: TOKEN } as Record<string, string>,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  const client = await connectClient(transport, 'relayed-agent');
  cleanup.push(() => client.close());
  return { client, stderr: () => stderr };
}

/**
 * A stand-in for the app's MCP endpoint: it answers initialize, takes notifications, and hands each
 * tools/call (after sending the SSE head and one progress notification, unless `headFirst` is false)
 * and each other request to `onCall`, which decides what happens next.
 */
async function fakeApp(
  onCall: (method: string, response: http.ServerResponse, server: http.Server) => void,
  { headFirst = true } = {},
) {
  const server = http.createServer((request, response) => {
    if (request.method === 'GET') return void response.writeHead(405).end();
    if (request.method === 'DELETE') return void response.writeHead(200).end();
    let text = '';
    request.on('data', (chunk) => (text += String(chunk)));
    request.on('end', () => {
      const message = JSON.parse(text) as { id?: number; method: string; params?: Record<string, unknown> };
      if (message.id === undefined) return void response.writeHead(202).end();
      if (message.method === 'initialize') {
        response.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'fake-session' });
        return void response.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: message.id,
            result: {
              protocolVersion: message.params?.protocolVersion,
              capabilities: { tools: {} },
              serverInfo: { name: 'fake-app', version: '1' },
            },
          }),
        );
      }
      if (message.method === 'tools/call' && headFirst) {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        const progressToken = (message.params?._meta as { progressToken?: unknown } | undefined)
          ?.progressToken;
        const progress = {
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken, progress: 1 },
        };
        response.write(`event: message\ndata: ${JSON.stringify(progress)}\n\n`);
      }
      onCall(message.method, response, server);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

/** The relay's JSON-RPC error for an execute (the test fails if it answers with a result). */
async function executeError(client: Client, code: string): Promise<McpError> {
  const failed = await client
    .callTool({ name: 'execute', arguments: { code } }, undefined, { timeout: AGENT_WAITS_MS })
    .then(
      (result) => new Error(`execute answered ${JSON.stringify(result)}`),
      (error: unknown) => error,
    );
  if (failed instanceof McpError) return failed;
  throw failed;
}

describe('execbox mcp --connect answers a request the app took and then lost', { timeout: 90_000 }, () => {
  it.each([
    ["after it sent the answer's head and a progress notification", true],
    ['before it answered anything', false],
  ])(
    'the app dies while an execute is under way, %s: the agent hears at once that it went away',
    async (_when, afterHead) => {
      const url = await fakeApp(
        (method, response, server) => {
          if (method !== 'tools/call') return;
          // The app's process ends: every connection it had closes.
          const die = () => {
            server.close();
            server.closeAllConnections();
          };
          if (afterHead) response.write('\n', die);
          else die();
        },
        { headFirst: afterHead },
      );
      const { client, stderr } = await relayedAgent(url);
      const error = await executeError(client, 'return 1');
      expect(error.data).toEqual({ reason: 'app_went_away' });
      expect(error.message).toMatch(
        /went away while the 'tools\/call' request was under way.*a run the request started did not finish/,
      );
      expect(stderr()).toMatch(/went away while the 'tools\/call' request/);
    },
  );

  it('the app accepts an execute and then falls silent, pings unanswered: the agent hears it stopped answering', async () => {
    const held: http.ServerResponse[] = [];
    const url = await fakeApp((_method, response) => held.push(response));
    const { client } = await relayedAgent(url, ['--silence-limit', '2']);
    const error = await executeError(client, 'return 1');
    expect(error.data).toEqual({ reason: 'app_not_answering' });
    expect(error.message).toMatch(/stopped answering while the 'tools\/call' request was under way/);
    // The relay asked whether the app was still there before it gave up.
    expect(held.length).toBeGreaterThan(1);
  });

  it('a long execute that reports nothing is not taken for silence while the app answers pings', async () => {
    const { host } = await openTestHost([
      {
        id: 'slow',
        name: 'slow',
        kind: 'mock',
        tools: { wait: { latencyMs: 12_000, response: { mode: 'fixed', result: 'done' } } },
      },
    ]);
    const server = await startMcpHttpServer({
      token: TOKEN,
      createServer: () =>
        createExecboxMcpServer({ host: host as PlaygroundHost, limits: { timeoutMs: AGENT_WAITS_MS } }),
    });
    cleanup.push(
      () => host.dispose(),
      () => server.close(),
    );
    const { client } = await relayedAgent(server.url, ['--silence-limit', '5']);
    const result = await client.callTool(
      { name: 'execute', arguments: { code: 'return await slow.wait({})' } },
      undefined,
      { timeout: AGENT_WAITS_MS },
    );
    expect(result.structuredContent).toMatchObject({ ok: true, result: 'done' });
  });
});
