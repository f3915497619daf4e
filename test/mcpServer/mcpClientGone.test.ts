import { request as httpRequest } from 'node:http';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeRunOutcome } from '../../src/shared/format/describeRunOutcome';
import { runFactsFromTranscript } from '../../src/shared/runFactsFromTranscript';
import type { ExecuteResult } from '../../src/shared/executeResult';
import type { PlaygroundHost } from '../../src/main/app/createPlaygroundHost';
import { createExecboxMcpServer } from '../../src/main/faces/mcp/createExecboxMcpServer';
import { startMcpHttpServer, type McpHttpServer } from '../../src/main/faces/mcp/startMcpHttpServer';
import { connectHttpClient, openTestHost } from './mcpFixture';

let host: PlaygroundHost;
let server: McpHttpServer;

beforeAll(async () => {
  ({ host } = await openTestHost());
  // The run's own limit is far away: only the client's going can end it in time.
  server = await startMcpHttpServer({
    createServer: () => createExecboxMcpServer({ host, limits: { timeoutMs: 600_000 } }),
  });
});
afterAll(async () => {
  await server.close();
  await host.dispose();
});

/** Resolves with the result of the next run the named client starts, once it finishes. */
function nextRunOf(clientName: string): { started: Promise<string>; finished: Promise<ExecuteResult> } {
  let runId: string | undefined;
  let started!: (id: string) => void;
  let finished!: (result: ExecuteResult) => void;
  const stop = host.onEvent((event) => {
    if (event.channel !== 'runs') return;
    if (event.type === 'started' && event.request.origin?.clientName === clientName) {
      runId = event.runId;
      started(event.runId);
    }
    if (event.type === 'finished' && event.runId === runId) {
      stop();
      finished(event.result);
    }
  });
  return {
    started: new Promise((resolve) => (started = resolve)),
    finished: new Promise((resolve) => (finished = resolve)),
  };
}

function post(body: unknown, headers: Record<string, string> = {}) {
  const url = new URL(server.url);
  return httpRequest({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${server.token}`,
      ...headers,
    },
  }).end(JSON.stringify(body));
}

describe('an HTTP agent that goes away mid-run', { timeout: 60_000 }, () => {
  it('closing its connection during execute cancels the run', async () => {
    const initialize = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${server.token}`,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'hang-up-agent', version: '1' },
        },
      }),
    });
    const session = initialize.headers.get('mcp-session-id')!;
    await initialize.text();
    const run = nextRunOf('hang-up-agent');
    const call = post(
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'execute', arguments: { code: 'return await shop.stall({})' } },
      },
      { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' },
    );
    call.on('error', () => undefined);
    await run.started;
    call.destroy();
    expect(await run.finished).toMatchObject({ ok: false, error: { code: 'timeout' } });
  });

  it('ending its session (DELETE) during execute cancels the run', async () => {
    const client = await connectHttpClient(server, 'delete-agent');
    const transport = client.transport as StreamableHTTPClientTransport;
    const run = nextRunOf('delete-agent');
    const call = client.callTool({ name: 'execute', arguments: { code: 'return await shop.stall({})' } });
    call.catch(() => undefined);
    await run.started;
    await transport.terminateSession();
    expect(await run.finished).toMatchObject({ ok: false, error: { code: 'timeout' } });
    await client.close();
  });
});

describe('a run the agent cancelled', { timeout: 60_000 }, () => {
  it('is "cancelled by the agent" in the run list and in its transcript, not a timeout', async () => {
    const client = await connectHttpClient(server, 'cancel-agent');
    const run = nextRunOf('cancel-agent');
    const controller = new AbortController();
    const call = client.callTool(
      { name: 'execute', arguments: { code: 'return await shop.stall({})' } },
      undefined,
      { signal: controller.signal },
    );
    call.catch(() => undefined);
    const runId = await run.started;
    controller.abort('enough');
    const result = await run.finished;
    await client.close();
    const summary = (await host.services.runs.list()).find((r) => r.runId === runId)!;
    expect(summary.facts?.cancelReason).toBe('agent');
    expect(describeRunOutcome(result, summary.facts).sentence).toMatch(/^Cancelled by the agent after /);
    const entries = await host.services.runs.transcript(runId);
    const finished = entries.find((e) => e.kind === 'event' && e.event.type === 'run_finished');
    expect(finished).toMatchObject({ event: { cancelReason: 'agent' } });
    const facts = runFactsFromTranscript(entries);
    expect(describeRunOutcome(result, facts).sentence).toMatch(/^Cancelled by the agent after /);
  });
});
