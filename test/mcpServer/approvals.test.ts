import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { PausedCall } from '../../src/shared/api/debug';
import type { PlaygroundEvent } from '../../src/shared/api/playgroundApi';
import type { WorkspaceFile } from '../../src/shared/workspaceFormat';
import { createApprovalRules } from '../../src/main/services/debug/createApprovalRules';
import { createDebugService } from '../../src/main/services/debug/createDebugService';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import { createPlaygroundHost, type PlaygroundHost } from '../../src/main/app/createPlaygroundHost';
import { createExecboxMcpServer } from '../../src/main/faces/mcp/createExecboxMcpServer';
import { openStandaloneMcpHost } from '../../src/main/faces/mcp/openStandaloneMcpHost';
import { startMcpHttpServer, type McpHttpServer } from '../../src/main/faces/mcp/startMcpHttpServer';
import { startHost } from '../workspace/hostFixture';
import { MCP_TEST_PROVIDERS, writeTestWorkspace } from './mcpFixture';

const MARKED: WorkspaceFile['providers'] = [{ ...MCP_TEST_PROVIDERS[0]!, askBeforeRunning: ['price'] }];

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function serve(host: PlaygroundHost): Promise<{ server: McpHttpServer; client: Client }> {
  const server = await startMcpHttpServer({ createServer: () => createExecboxMcpServer({ host }) });
  const client = new Client({ name: 'approval-agent', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(server.url), {
      requestInit: { headers: { authorization: `Bearer ${server.token}` } },
    }),
  );
  cleanup.push(
    () => server.close(),
    () => client.close(),
  );
  return { server, client };
}

/** The app's host: calls to marked tools are held for the person. */
async function appHost(): Promise<PlaygroundHost> {
  const workspace = await writeTestWorkspace(MARKED);
  const { host: workspaceHost } = await startHost({ workspacePath: workspace.file, trustAll: true });
  const host = createPlaygroundHost({
    workspaceHost,
    createExecutor: () => createInProcessExecutor(),
    debug: (context) =>
      createDebugService({
        launcher: context.launcher,
        workspaceHost,
        emit: context.emit,
        approvals: createApprovalRules({
          list: () => workspaceHost.providers.list(),
          onEvent: (listener) => workspaceHost.onEvent(listener),
        }),
      }),
  });
  cleanup.push(() => host.dispose());
  return host;
}

function nextPause(host: PlaygroundHost): Promise<PausedCall> {
  return new Promise((resolve) => {
    const stop = host.onEvent((event: PlaygroundEvent) => {
      if (event.channel === 'debug' && event.type === 'paused') {
        stop();
        resolve(event.paused);
      }
    });
  });
}

describe('ask before running', { timeout: 60_000 }, () => {
  it("holds an agent's call for the person; a rejection reaches the agent as a tool error", async () => {
    const host = await appHost();
    const { client } = await serve(host);
    const paused = nextPause(host);
    const call = client.callTool({
      name: 'execute',
      arguments: { code: 'return await shop.price({ item: "a" })' },
    });
    const held = await paused;
    expect(held).toMatchObject({
      reason: 'approval',
      providerName: 'shop',
      toolName: 'price',
      input: { item: 'a' },
    });
    await host.services.debug.resume(held.pauseId, {
      action: 'answer',
      answer: { ok: false, error: { code: 'tool_error', message: 'not today' } },
    });
    const result = await call;
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      ok: false,
      error: { code: 'tool_error', message: expect.stringContaining('not today') },
    });
  });

  it('an approved call runs with edited input, and the time it was held is not charged to its timeout', async () => {
    const host = await appHost();
    const paused = nextPause(host);
    const finished = new Promise<unknown>((resolve) =>
      host.onEvent((event) => event.channel === 'runs' && event.type === 'finished' && resolve(event.result)),
    );
    // The editor's run, with a timeout shorter than the time the call is held.
    await host.services.runs.start({
      code: 'const a = await shop.price({ item: "x" }); return a;',
      limits: { timeoutMs: 2_000 },
    });
    const held = await paused;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await host.services.debug.resume(held.pauseId, { action: 'edit_input', input: { item: 'y' } });
    expect(await finished).toMatchObject({ ok: true, result: 4 });
  });

  it('plain execbox mcp refuses a marked call with a reason unless --approve-all', async () => {
    const workspace = await writeTestWorkspace(MARKED);
    const open = (approveAll: boolean) =>
      openStandaloneMcpHost({
        workspace: workspace.file,
        trust: true,
        executor: 'inprocess',
        configDir: workspace.configDir,
        approveAll,
      });
    const strict = (await open(false)).host;
    cleanup.push(() => strict.dispose());
    const { client } = await serve(strict);
    const refused = await client.callTool({
      name: 'execute',
      arguments: { code: 'return await shop.price({ item: "a" })' },
    });
    expect(refused.structuredContent).toMatchObject({
      ok: false,
      error: { code: 'tool_error', message: expect.stringMatching(/ask before running.*--approve-all/s) },
    });
    const unmarked = await client.callTool({ name: 'execute', arguments: { code: 'return 7' } });
    expect(unmarked.structuredContent).toMatchObject({ ok: true, result: 7 });

    const lenient = (await open(true)).host;
    cleanup.push(() => lenient.dispose());
    const { client: second } = await serve(lenient);
    const allowed = await second.callTool({
      name: 'execute',
      arguments: { code: 'return await shop.price({ item: "a" })' },
    });
    expect(allowed.structuredContent).toMatchObject({ ok: true, result: 4 });
  });

  it('the workspace schema refuses a malformed askBeforeRunning', async () => {
    const workspace = await writeTestWorkspace([
      { ...MCP_TEST_PROVIDERS[0]!, askBeforeRunning: 'price' as never },
    ]);
    await expect(
      openStandaloneMcpHost({
        workspace: workspace.file,
        trust: true,
        executor: 'inprocess',
        configDir: workspace.configDir,
      }),
    ).rejects.toThrow(/askBeforeRunning/);
  });
});
