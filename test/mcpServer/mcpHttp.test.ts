import { request as httpRequest } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaygroundHost } from '../../src/main/app/createPlaygroundHost';
import { createExecboxMcpServer } from '../../src/main/faces/mcp/createExecboxMcpServer';
import { openStandaloneMcpHost } from '../../src/main/faces/mcp/openStandaloneMcpHost';
import { startMcpHttpServer, type McpHttpServer } from '../../src/main/faces/mcp/startMcpHttpServer';
import { MAX_MCP_BODY_BYTES } from '../../src/main/faces/mcp/createMcpHttpHandler';
import { connectHttpClient, writeTestWorkspace } from './mcpFixture';

let host: PlaygroundHost;
let server: McpHttpServer;
const clients: Client[] = [];

beforeAll(async () => {
  const workspace = await writeTestWorkspace();
  ({ host } = await openStandaloneMcpHost({
    workspace: workspace.file,
    trust: true,
    executor: 'inprocess',
    configDir: workspace.configDir,
  }));
  server = await startMcpHttpServer({ createServer: () => createExecboxMcpServer({ host }) });
});
afterAll(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
  await server.close();
  await host.dispose();
});

async function connect(name = 'http-agent'): Promise<Client> {
  const client = new Client({ name, version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(server.url), {
      requestInit: { headers: { authorization: `Bearer ${server.token}` } },
    }),
  );
  clients.push(client);
  return client;
}

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A hand-made request, for what no well-behaved client sends. */
function raw(
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  },
  to: McpHttpServer = server,
): Promise<RawAnswer> {
  const url = new URL(to.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: options.method ?? 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${to.token}`,
          ...options.headers,
        },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk) => (body += String(chunk)));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

describe('execbox mcp over Streamable HTTP (the SDK client)', { timeout: 60_000 }, () => {
  it('lists the tools and runs code', async () => {
    const client = await connect();
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['execute', 'typings']);
    const result = await client.callTool({
      name: 'execute',
      arguments: { code: 'return await shop.price({ item: "x" })' },
    });
    expect(result.structuredContent).toMatchObject({ ok: true, result: 4 });
  });

  it('a guest error is isError with its code', async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'execute', arguments: { code: 'null.x' } });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ ok: false, error: { code: 'runtime_error' } });
  });

  it('cancelling mid-run cancels the host run', async () => {
    const client = await connect('canceller');
    const controller = new AbortController();
    const started = new Promise<string>((resolve) =>
      host.onEvent((event) => {
        if (
          event.channel === 'runs' &&
          event.type === 'started' &&
          event.request.origin?.clientName === 'canceller'
        )
          resolve(event.runId);
      }),
    );
    const call = client.callTool(
      { name: 'execute', arguments: { code: 'return await shop.stall({})' } },
      undefined,
      {
        signal: controller.signal,
      },
    );
    const runId = await started;
    const finished = new Promise<unknown>((resolve) =>
      host.onEvent((event) => {
        if (event.channel === 'runs' && event.type === 'finished' && event.runId === runId)
          resolve(event.result);
      }),
    );
    controller.abort('stop');
    await expect(call).rejects.toThrow();
    expect(await finished).toMatchObject({ ok: false });
  });

  it('announces list_changed to every session when a provider is edited in the host', async () => {
    const client = await connect();
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );
    const [shop] = await host.services.providers.list();
    await host.services.providers.update(shop!.id, {
      ...shop!.config,
      tools: {
        ...(shop!.config as { tools: object }).tools,
        refund: { response: { mode: 'fixed', result: true } },
      },
    } as never);
    await changed;
    expect((await client.listTools()).tools[0]!.description).toContain('function refund(');
  });
});

describe('the MCP HTTP endpoint under attack', { timeout: 30_000 }, () => {
  it('refuses a request without the token, or with a wrong one', async () => {
    const none = await raw({ headers: { authorization: '' }, body: INITIALIZE });
    expect(none.status).toBe(401);
    expect(none.body).toContain('the token is missing');
    expect((await raw({ headers: { authorization: 'Bearer nope' }, body: INITIALIZE })).status).toBe(401);
    expect((await raw({ headers: { authorization: server.token }, body: INITIALIZE })).status).toBe(401);
  });

  it('a 401 says so as RFC 6750 does (WWW-Authenticate: Bearer), not as an OAuth prompt', async () => {
    const none = await raw({ headers: { authorization: '' }, body: INITIALIZE });
    expect(none.headers['www-authenticate']).toBe('Bearer realm="execbox-playground"');
    expect(none.body).toContain('Authorization: Bearer TOKEN');
    const wrong = await raw({ headers: { authorization: 'Bearer nope' }, body: INITIALIZE });
    expect(wrong.headers['www-authenticate']).toMatch(
      /^Bearer realm="execbox-playground", error="invalid_token", error_description="[^"]+"$/,
    );
  });

  it('sessions are capped per endpoint: 40 initialize without DELETE keep at most the cap', async () => {
    const capped = await startMcpHttpServer({
      createServer: () => createExecboxMcpServer({ host }),
      maxSessions: 5,
    });
    try {
      const ids: string[] = [];
      for (let i = 0; i < 40; i++) {
        const answer = await raw({ body: INITIALIZE }, capped);
        expect(answer.status).toBe(200);
        ids.push(String(answer.headers['mcp-session-id']));
      }
      expect(capped.sessionCount()).toBe(5);
      // The longest idle went first; the newest still answers.
      const ping = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' });
      const headers = (id: string) => ({ 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' });
      expect((await raw({ headers: headers(ids[0]!), body: ping }, capped)).status).toBe(404);
      expect((await raw({ headers: headers(ids[39]!), body: ping }, capped)).status).toBe(200);
    } finally {
      await capped.close();
    }
  });

  it('when every session is busy, a new initialize is refused with 503 and a sentence (none is cut off)', async () => {
    const full = await startMcpHttpServer({
      createServer: () => createExecboxMcpServer({ host }),
      maxSessions: 2,
    });
    const busy = await Promise.all([connectHttpClient(full, 'busy-1'), connectHttpClient(full, 'busy-2')]);
    try {
      const stalls = busy.map((client) =>
        client
          .callTool({ name: 'execute', arguments: { code: 'return await shop.stall({})' } })
          .catch(() => undefined),
      );
      await expect
        .poll(async () => (await host.services.runs.list()).filter((run) => run.state === 'running').length)
        .toBeGreaterThanOrEqual(2);
      const refused = await raw({ body: INITIALIZE }, full);
      expect(refused.status).toBe(503);
      expect(refused.body).toContain('all 2 MCP sessions of this endpoint are busy');
      expect(full.sessionCount()).toBe(2);
      await Promise.all(busy.map((client) => client.close()));
      await Promise.all(stalls);
    } finally {
      await full.close();
    }
  });

  it('an idle session expires', async () => {
    const expiring = await startMcpHttpServer({
      createServer: () => createExecboxMcpServer({ host }),
      idleMs: 50,
    });
    try {
      const answer = await raw({ body: INITIALIZE }, expiring);
      expect(answer.status).toBe(200);
      await expect.poll(() => expiring.sessionCount(), { timeout: 20_000 }).toBe(0);
      const ping = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' });
      const again = await raw(
        {
          headers: {
            'mcp-session-id': String(answer.headers['mcp-session-id']),
            'mcp-protocol-version': '2025-06-18',
          },
          body: ping,
        },
        expiring,
      );
      expect(again.status).toBe(404);
      expect(again.body).toContain('expired');
    } finally {
      await expiring.close();
    }
  });

  it('refuses a foreign Origin (a web page) and a Host that is not this server (DNS rebinding)', async () => {
    expect((await raw({ headers: { origin: 'https://evil.example' }, body: INITIALIZE })).status).toBe(403);
    expect((await raw({ headers: { origin: 'null' }, body: INITIALIZE })).status).toBe(403);
    expect((await raw({ headers: { host: `evil.example:${server.port}` }, body: INITIALIZE })).status).toBe(
      421,
    );
  });

  it('refuses an oversized body without reading it all', async () => {
    const huge = Buffer.alloc(MAX_MCP_BODY_BYTES + 1024, 'a');
    const answer = await raw({ body: huge });
    expect(answer.status).toBe(413);
  });

  it('answers malformed JSON and malformed JSON-RPC with 400 and keeps serving', async () => {
    const notJson = await raw({ body: '{"jsonrpc": "2.0", ' });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toMatch(/Parse error/i);
    const notRpc = await raw({ body: JSON.stringify({ hello: 'world' }) });
    expect(notRpc.status).toBe(400);
    const unknownSession = await raw({ headers: { 'mcp-session-id': 'made-up' }, body: INITIALIZE });
    expect(unknownSession.status).toBe(404);
    const getWithout = await raw({ method: 'GET' });
    expect(getWithout.status).toBe(400);
    const client = await connect();
    expect(
      (await client.callTool({ name: 'execute', arguments: { code: 'return 3' } })).structuredContent,
    ).toMatchObject({
      result: 3,
    });
  });

  it('answers a message nested 200,000 levels deep with the place, before parsing it', async () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const answer = await raw({ body: `{"jsonrpc":"2.0","id":1,"method":"initialize","params":${deep}}` });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({
      error: { code: -32700, message: expect.stringContaining('too deeply nested at request:1:') },
    });
  });

  it('other paths are not the endpoint', async () => {
    const url = new URL(server.url);
    const answer = await fetch(`http://${url.host}/api`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    expect(answer.status).toBe(404);
  });
});
