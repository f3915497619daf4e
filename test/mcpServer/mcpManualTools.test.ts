import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkspaceFile } from '../../src/shared/workspaceFormat';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import { createPlaygroundHost, type PlaygroundHost } from '../../src/main/app/createPlaygroundHost';
import { createExecboxMcpServer } from '../../src/main/faces/mcp/createExecboxMcpServer';
import { startMcpHttpServer } from '../../src/main/faces/mcp/startMcpHttpServer';
import { startHost } from '../workspace/hostFixture';
import { connectHttpClient, openTestHost, writeTestWorkspace } from './mcpFixture';

const CRM: WorkspaceFile['providers'] = [
  { id: 'crm', name: 'crm', kind: 'mock', tools: { approve_refund: { response: { mode: 'manual' } } } },
];

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function connect(host: PlaygroundHost): Promise<Client> {
  const server = await startMcpHttpServer({
    createServer: () => createExecboxMcpServer({ host, limits: { timeoutMs: 5_000 } }),
  });
  const client = await connectHttpClient(server, 'manual-agent');
  cleanup.push(
    () => server.close(),
    () => client.close(),
  );
  return client;
}

describe('a manual mock tool called by an agent', { timeout: 60_000 }, () => {
  it('under plain execbox mcp (nobody to answer) fails at once with a tool_error saying so', async () => {
    const { host } = await openTestHost(CRM);
    cleanup.push(() => host.dispose());
    const client = await connect(host);
    const result = await client.callTool({
      name: 'execute',
      arguments: { code: 'return await crm.approve_refund({ id: 1 })' },
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ ok: false, error: { code: 'tool_error' } });
    expect(JSON.stringify(result.content)).toMatch(
      /crm\.approve_refund is a manual mock tool .*nobody can answer/,
    );
  });

  it('in the app, the agent hears that the run waits for a person and for what, then gets the answer', async () => {
    const workspace = await writeTestWorkspace(CRM);
    const { host: workspaceHost } = await startHost({
      workspacePath: workspace.file,
      trustAll: true,
      personPresent: () => true,
    });
    const host = createPlaygroundHost({ workspaceHost, createExecutor: () => createInProcessExecutor() });
    cleanup.push(() => host.dispose());
    const client = await connect(host);
    const progress: string[] = [];
    const result = await client.callTool(
      { name: 'execute', arguments: { code: 'return await crm.approve_refund({ id: 1 })' } },
      undefined,
      {
        onprogress: (update) => {
          progress.push(update.message ?? '');
          if (update.message?.startsWith('waiting for a person'))
            void workspaceHost.providers
              .pendingManualCalls()
              .then(([call]) =>
                workspaceHost.providers.answerManualCall(call!.requestId, { ok: true, result: 'refunded' }),
              );
        },
      },
    );
    expect(result.structuredContent).toMatchObject({ ok: true, result: 'refunded' });
    expect(progress).toContain(
      'waiting for a person in the playground to answer crm.approve_refund by hand (it gives up after 10 min)',
    );
  });
});
