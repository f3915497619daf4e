import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaygroundEvent } from '../../src/shared/api/playgroundApi';
import { agentConfigs } from '../../src/shared/agentConfigs';
import type { PlaygroundHost } from '../../src/main/app/createPlaygroundHost';
import { openStandaloneMcpHost } from '../../src/main/faces/mcp/openStandaloneMcpHost';
import { readAgentToken } from '../../src/main/faces/mcp/readAgentToken';
import { startAgentEndpoint } from '../../src/main/faces/mcp/startAgentEndpoint';
import type { McpHttpServer } from '../../src/main/faces/mcp/startMcpHttpServer';
import { buildCliForTests, TEST_CLI } from '../../scripts/buildCliForTests';
import { connectClient, writeTestWorkspace } from './mcpFixture';

let host: PlaygroundHost;
let endpoint: McpHttpServer;
let configDir: string;
let client: Client;

function nextEvent<T extends PlaygroundEvent>(match: (event: PlaygroundEvent) => event is T): Promise<T> {
  return new Promise((resolve) => {
    const stop = host.onEvent((event) => {
      if (!match(event)) return;
      stop();
      resolve(event);
    });
  });
}

beforeAll(async () => {
  await buildCliForTests();
  const workspace = await writeTestWorkspace();
  configDir = workspace.configDir;
  ({ host } = await openStandaloneMcpHost({
    workspace: workspace.file,
    trust: true,
    executor: 'inprocess',
    configDir,
  }));
  endpoint = await startAgentEndpoint({ host, configDir, port: 0 });
  // The agent's side: its stdio bridged into the app by `execbox mcp --connect`.
  client = await connectClient(
    new StdioClientTransport({
      command: process.execPath,
      args: [TEST_CLI, 'mcp', '--connect', endpoint.url],
      env: { ...process.env, EXECBOX_TOKEN: endpoint.token } as Record<string, string>,
      stderr: 'pipe',
    }),
    'bridge-agent',
  );
}, 120_000);
afterAll(async () => {
  await client?.close();
  await endpoint?.close();
  await host?.dispose();
});

describe('the app hosts the MCP server for agents', { timeout: 60_000 }, () => {
  it('announces its endpoint with a token that survives restarts, and configs for four clients', async () => {
    const announced = await host.services.runs.agentEndpoint();
    expect(announced).toMatchObject({ url: endpoint.url, token: endpoint.token });
    expect(await readAgentToken(configDir)).toBe(endpoint.token);
    const configs = agentConfigs(announced!);
    expect(configs.map((c) => c.client)).toEqual(['Claude Desktop', 'Claude Code', 'Cursor', 'VS Code']);
    expect(JSON.parse(configs[0]!.json).mcpServers['execbox-playground']).toMatchObject({
      args: expect.arrayContaining(['mcp', '--connect', endpoint.url]),
      env: { EXECBOX_TOKEN: endpoint.token },
    });
    expect(JSON.parse(configs[3]!.json).servers['execbox-playground']).toEqual({
      type: 'http',
      url: endpoint.url,
      headers: { Authorization: `Bearer ${endpoint.token}` },
    });
  });

  it("an agent's run through the stdio bridge is an app run named after the client, streamed live", async () => {
    const started = nextEvent(
      (e): e is Extract<PlaygroundEvent, { type: 'started' }> => e.channel === 'runs' && e.type === 'started',
    );
    const result = await client.callTool({
      name: 'execute',
      arguments: { code: 'return await shop.price({ item: "a" })' },
      // How long the client waits: shown beside its held calls.
      _meta: { 'dev.execbox/timeoutMs': 45_000 },
    });
    expect(result.structuredContent).toMatchObject({ ok: true, result: 4 });
    const event = await started;
    expect(event.request.origin).toEqual({
      kind: 'agent',
      clientName: 'bridge-agent',
      clientVersion: '1.2.3',
      session: expect.stringMatching(/^[\w-]{8}$/),
      timeoutMs: 45_000,
    });
    // Listed by its task: the first line of its code.
    expect(event.name).toBe('return await shop.price({ item: "a" })');
    const transcript = await host.services.runs.transcript(event.runId);
    expect(transcript.some((e) => e.kind === 'message' && e.message.type === 'tool_call')).toBe(true);
  });

  it("breakpoints hold an agent's call until the person resumes it", async () => {
    const breakpoint = await host.services.debug.addBreakpoint({ providerName: 'shop', toolName: 'price' });
    try {
      const paused = nextEvent(
        (e): e is Extract<PlaygroundEvent, { type: 'paused' }> =>
          e.channel === 'debug' && e.type === 'paused',
      );
      const call = client.callTool({
        name: 'execute',
        arguments: { code: 'return await shop.price({ item: "b" })' },
      });
      const { paused: held } = await paused;
      expect(held).toMatchObject({ providerName: 'shop', toolName: 'price', input: { item: 'b' } });
      // The held call names the agent whose run asks, so the person knows who is waiting.
      expect(held.origin).toMatchObject({ kind: 'agent', clientName: 'bridge-agent' });
      await host.services.debug.resume(held.pauseId, { action: 'answer', answer: { ok: true, result: 99 } });
      expect((await call).structuredContent).toMatchObject({ ok: true, result: 99 });
    } finally {
      await host.services.debug.removeBreakpoint(breakpoint.id);
    }
  });

  it("the person can cancel an agent's run; the agent gets a failed result", async () => {
    const started = nextEvent(
      (e): e is Extract<PlaygroundEvent, { type: 'started' }> => e.channel === 'runs' && e.type === 'started',
    );
    const call = client.callTool({ name: 'execute', arguments: { code: 'return await shop.stall({})' } });
    const { runId } = await started;
    await host.services.runs.cancel(runId);
    const result = await call;
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ ok: false });
  });

  it('the bridge refuses to start without a usable app: a wrong token is an error the agent sees', async () => {
    const bad = new StdioClientTransport({
      command: process.execPath,
      args: [TEST_CLI, 'mcp', '--connect', endpoint.url],
      env: { ...process.env, EXECBOX_TOKEN: 'wrong' } as Record<string, string>,
      stderr: 'pipe',
    });
    await expect(connectClient(bad, 'intruder')).rejects.toThrow();
    await bad.close();
  });
});
