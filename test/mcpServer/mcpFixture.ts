import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { WorkspaceFile } from '../../src/shared/workspaceFormat';
import { tempDir, writeWorkspace } from '../workspace/hostFixture';
import { TEST_CLI } from '../../scripts/buildCliForTests';

/** A workspace with a quick tool, a failing one and one that answers only after a minute. */
export const MCP_TEST_PROVIDERS: WorkspaceFile['providers'] = [
  {
    id: 'p1',
    name: 'shop',
    kind: 'mock',
    tools: {
      price: {
        description: 'The price of an item.',
        inputSchema: { type: 'object', properties: { item: { type: 'string' } }, required: ['item'] },
        response: { mode: 'fixed', result: 4 },
      },
      stall: { latencyMs: 60_000, response: { mode: 'fixed', result: 'late' } },
    },
  },
];

/** `execbox mcp`'s arguments for a test workspace: trusted, run in process, its own config folder. */
export function mcpWorkspaceArgs(workspace: { file: string; configDir: string }): string[] {
  return [
    '--workspace',
    workspace.file,
    '--trust',
    '--executor',
    'inprocess',
    '--config-dir',
    workspace.configDir,
  ];
}

export async function writeTestWorkspace(
  providers: WorkspaceFile['providers'] = MCP_TEST_PROVIDERS,
): Promise<{ dir: string; file: string; configDir: string }> {
  const dir = await tempDir('execbox-mcp-');
  const file = await writeWorkspace(path.join(dir, 'agents.execbox.json'), { providers });
  return { dir, file, configDir: path.join(dir, 'config') };
}

export async function rewriteWorkspace(file: string, providers: WorkspaceFile['providers']) {
  await writeFile(file, JSON.stringify({ formatVersion: 1, name: 'test', providers, snippets: [] }, null, 2));
}

/** `execbox mcp …` spawned by the SDK's own stdio client. */
export function cliStdioTransport(args: string[]): StdioClientTransport {
  return new StdioClientTransport({
    command: process.execPath,
    args: [TEST_CLI, 'mcp', ...args],
    stderr: 'pipe',
  });
}

export async function connectClient(transport: Transport, name = 'vitest-agent'): Promise<Client> {
  const client = new Client({ name, version: '1.2.3' });
  await client.connect(transport);
  return client;
}
