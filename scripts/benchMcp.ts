import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { TEST_CLI } from './buildCliForTests';

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

export interface McpCallMeasures {
  /** Each of the sequential calls, client side: send to result. */
  sequential: number[];
  /** Calls per second with `concurrency` calls in flight at once, one sample per round. */
  throughput: number[];
}

async function measureCalls(
  transport: Transport,
  options: { runs: number; warmup: number; concurrency: number; rounds: number },
): Promise<McpCallMeasures> {
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(transport);
  const call = async () => {
    const result = await client.callTool({ name: 'execute', arguments: { code: 'return 1' } });
    if (result.isError) throw new Error(`bench call failed: ${JSON.stringify(result.content)}`);
  };
  try {
    for (let i = 0; i < options.warmup; i++) await call();
    const sequential: number[] = [];
    for (let i = 0; i < options.runs; i++) {
      const start = performance.now();
      await call();
      sequential.push(performance.now() - start);
    }
    const throughput: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      let remaining = options.runs;
      const start = performance.now();
      await Promise.all(
        Array.from({ length: options.concurrency }, async () => {
          while (remaining > 0) {
            remaining -= 1;
            await call();
          }
        }),
      );
      throughput.push(options.runs / ((performance.now() - start) / 1000));
    }
    return { sequential, throughput };
  } finally {
    await client.close();
  }
}

/**
 * `return 1` as MCP `tools/call`s through `execbox mcp` (in-process executor), as an agent sees
 * them: `runs` sequential calls, then `runs` calls with `concurrency` in flight, `rounds` times.
 * The CLI must be built (runBench builds it: inside the bench's bundle its sources are not found).
 */
export async function mcpToolCalls(
  over: 'stdio' | 'http',
  options = { runs: 200, warmup: 30, concurrency: 20, rounds: 3 },
): Promise<McpCallMeasures> {
  if (over === 'stdio') {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: await serverArgs(),
      stderr: 'ignore',
    });
    return measureCalls(transport, options);
  }
  const server = await startHttpServer();
  try {
    const transport = new StreamableHTTPClientTransport(new URL(server.url), {
      requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
    });
    return await measureCalls(transport, options);
  } finally {
    server.stop();
  }
}
