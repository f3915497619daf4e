import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaygroundHost } from '../../src/main/app/createPlaygroundHost';
import { createExecboxMcpServer } from '../../src/main/faces/mcp/createExecboxMcpServer';
import { startMcpHttpServer, type McpHttpServer } from '../../src/main/faces/mcp/startMcpHttpServer';
import { buildCliForTests } from '../../scripts/buildCliForTests';
import {
  cliStdioTransport,
  connectClient,
  connectHttpClient,
  openTestHost,
  trustedServeArgs,
  writeTestWorkspace,
} from './mcpFixture';

let host: PlaygroundHost;
let server: McpHttpServer;
const clients: Client[] = [];

beforeAll(async () => {
  await buildCliForTests();
  ({ host } = await openTestHost());
  server = await startMcpHttpServer({ createServer: () => createExecboxMcpServer({ host }) });
}, 120_000);
afterAll(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
  await server?.close();
  await host?.dispose();
});

async function httpClient(): Promise<Client> {
  const client = await connectHttpClient(server, 'progress-agent');
  clients.push(client);
  return client;
}

async function stdioClient(): Promise<Client> {
  const workspace = await writeTestWorkspace();
  const client = await connectClient(cliStdioTransport(trustedServeArgs(workspace)));
  clients.push(client);
  return client;
}

/** Calls execute asking for progress; what arrived before the result is all that counts. */
async function progressOf(client: Client, code: string): Promise<string[]> {
  const messages: string[] = [];
  await client.callTool({ name: 'execute', arguments: { code } }, undefined, {
    onprogress: (update) => messages.push(update.message ?? ''),
  });
  return messages;
}

const THREE_FAST_CALLS =
  'await shop.price({ item: "a" }); await shop.price({ item: "b" }); return await shop.price({ item: "c" });';

describe('progress reaches the agent before the result, every notification', { timeout: 60_000 }, () => {
  for (const [name, connect] of [
    ['Streamable HTTP', httpClient],
    ['stdio', stdioClient],
  ] as const) {
    it(`three fast tool calls send three progress notifications (${name})`, async () => {
      const client = await connect();
      for (let round = 0; round < 3; round++)
        expect(await progressOf(client, THREE_FAST_CALLS)).toEqual([
          'calling shop.price',
          'calling shop.price',
          'calling shop.price',
        ]);
    });
  }
});
