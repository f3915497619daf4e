import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { buildCliForTests, TEST_CLI } from './buildCliForTests';

const TOKEN = 'bench-token-bench-token-bench-token';

async function serverArgs(): Promise<string[]> {
  const configDir = await mkdtemp(path.join(tmpdir(), 'execbox-bench-mcp-'));
  return [TEST_CLI, 'mcp', '--executor', 'inprocess', '--config-dir', configDir];
}

/** `execbox mcp --http 127.0.0.1:0`, resolved once it prints its URL. */
async function startHttpServer(): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [...(await serverArgs()), '--http', '127.0.0.1:0'], {
    env: { ...process.env, EXECBOX_TOKEN: TOKEN },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stderr.on('data', (chunk) => {
      text += String(chunk);
      const match = /at (http:\/\/\S+\/mcp)/.exec(text);
      if (match) resolve(match[1]!);
    });
    child.once('exit', () => reject(new Error(`execbox mcp --http exited: ${text}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

async function timeCalls(transport: Transport, runs: number, warmup: number): Promise<number[]> {
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(transport);
  const call = async () => {
    const result = await client.callTool({ name: 'execute', arguments: { code: 'return 1' } });
    if (result.isError) throw new Error(`bench call failed: ${JSON.stringify(result.content)}`);
  };
  try {
    for (let i = 0; i < warmup; i++) await call();
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await call();
      samples.push(performance.now() - start);
    }
    return samples;
  } finally {
    await client.close();
  }
}

/** One `tools/call` of `return 1` through `execbox mcp` (in-process executor), as an agent sees it. */
export async function mcpToolCallLatency(over: 'stdio' | 'http', runs = 300, warmup = 30): Promise<number[]> {
  await buildCliForTests();
  if (over === 'stdio') {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: await serverArgs(),
      stderr: 'ignore',
    });
    return timeCalls(transport, runs, warmup);
  }
  const server = await startHttpServer();
  try {
    const transport = new StreamableHTTPClientTransport(new URL(server.url), {
      requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
    });
    return await timeCalls(transport, runs, warmup);
  } finally {
    server.stop();
  }
}
