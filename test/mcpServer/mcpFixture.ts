import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { WorkspaceFile } from '../../src/shared/workspaceFormat';
import { openStandaloneMcpHost } from '../../src/main/faces/mcp/openStandaloneMcpHost';
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

export interface CliHttpServer {
  url: string;
  /** The token it printed, or undefined when it was chosen in $EXECBOX_TOKEN. */
  printedToken?: string;
  stderr(): string;
  stop(): Promise<void>;
}

/** `execbox mcp --http 127.0.0.1:0 …` as a process; resolves once it says where it serves. */
export function startCliHttp(args: string[], env: Record<string, string> = {}): Promise<CliHttpServer> {
  const child = spawn(process.execPath, [TEST_CLI, 'mcp', '--http', '127.0.0.1:0', ...args], {
    env: { ...process.env, EXECBOX_TOKEN: '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
      const url = /serving .* at (http:\S+)/.exec(stderr)?.[1];
      const printed = /token (\S+) \(kept in/.exec(stderr)?.[1];
      if (url && (printed || env.EXECBOX_TOKEN))
        resolve({ url, ...(printed ? { printedToken: printed } : {}), stderr: () => stderr, stop });
    });
    void exited.then(() => reject(new Error(`execbox mcp --http exited: ${stderr}`)));
  });
}

/** `--workspace FILE --trust --executor inprocess --config-dir DIR`: `execbox mcp` serving a test workspace. */
export function trustedServeArgs(workspace: { file: string; configDir: string }): string[] {
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

/** The host `execbox mcp --trust --executor inprocess` builds, on a fresh test workspace. */
export async function openTestHost(
  providers: WorkspaceFile['providers'] = MCP_TEST_PROVIDERS,
  extra: Partial<Parameters<typeof openStandaloneMcpHost>[0]> = {},
) {
  const workspace = await writeTestWorkspace(providers);
  const opened = await openStandaloneMcpHost({
    workspace: workspace.file,
    trust: true,
    executor: 'inprocess',
    configDir: workspace.configDir,
    ...extra,
  });
  return { ...opened, workspace };
}

/** The SDK's client over Streamable HTTP, with the server's token. */
export async function connectHttpClient(
  server: { url: string; token: string },
  name = 'http-agent',
): Promise<Client> {
  return connectClient(
    new StreamableHTTPClientTransport(new URL(server.url), {
      requestInit: { headers: { authorization: `Bearer ${server.token}` } },
    }),
    name,
  );
}
