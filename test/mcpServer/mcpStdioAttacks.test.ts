import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STDIO_MESSAGE_BYTES } from '../../src/main/faces/mcp/createStdioServerTransport';
import { buildCliForTests, TEST_CLI } from '../../scripts/buildCliForTests';
import { isProcessRunning } from '../support/isProcessRunning';
import { MCP_TEST_PROVIDERS, trustedServeArgs, writeTestWorkspace } from './mcpFixture';

beforeAll(() => buildCliForTests(), 120_000);

interface RawServer {
  child: ChildProcessWithoutNullStreams;
  /** Every stdout line that is JSON, parsed. */
  lines: unknown[];
  /** Those that are not. */
  stray: string[];
  send(text: string | Buffer): void;
  answerTo(id: unknown): Promise<Record<string, unknown>>;
}

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

/** `execbox mcp` over stdio driven by hand, line by line: what no SDK client would send. */
async function rawServer(providers = MCP_TEST_PROVIDERS): Promise<RawServer> {
  const workspace = await writeTestWorkspace(providers);
  const child = spawn(process.execPath, [TEST_CLI, 'mcp', ...trustedServeArgs(workspace)]);
  children.push(child);
  const lines: unknown[] = [];
  const waiters: (() => void)[] = [];
  const stray: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    try {
      lines.push(JSON.parse(line));
    } catch {
      stray.push(line);
    }
    for (const wake of waiters.splice(0)) wake();
  });
  const answerTo = async (id: unknown) => {
    for (;;) {
      const found = lines.find(
        (line) => (line as { id?: unknown }).id === id && !('method' in (line as object)),
      );
      if (found) return found as Record<string, unknown>;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  const send = (text: string | Buffer) => child.stdin.write(text);
  send(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 'init',
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }) + '\n',
  );
  await answerTo('init');
  send('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
  return { child, lines, stray, send, answerTo };
}

const ping = (id: unknown) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' }) + '\n';

describe('execbox mcp over stdio under attack', { timeout: 60_000 }, () => {
  it('a line over 10 MiB is refused with a JSON-RPC error (its id found), and serving goes on', async () => {
    const server = await rawServer();
    const huge = 'x'.repeat(MAX_STDIO_MESSAGE_BYTES + 1000);
    server.send(
      `{"method":"tools/call","params":{"name":"execute","arguments":{"code":"${huge}"}},"jsonrpc":"2.0","id":41}\n`,
    );
    const refused = await server.answerTo(41);
    expect(refused).toMatchObject({ error: { code: -32600 } });
    expect((refused.error as { message: string }).message).toContain('longer than 10485760 bytes');
    server.send(ping(42));
    expect(await server.answerTo(42)).toMatchObject({ result: {} });
  });

  it('after an over-long line, closing stdin still ends the process (no orphan)', async () => {
    const server = await rawServer();
    server.send(Buffer.alloc(MAX_STDIO_MESSAGE_BYTES + 10, 'a'));
    server.send('\n');
    await server.answerTo(null);
    server.child.stdin.end();
    await expect.poll(() => isProcessRunning(server.child.pid!), { timeout: 20_000 }).toBe(false);
  });

  it('a message nested 200,000 levels deep is answered -32700 with the place before it is parsed', async () => {
    const server = await rawServer();
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    server.send(`{"jsonrpc":"2.0","id":51,"method":"tools/call","params":${deep}}\n`);
    const refused = await server.answerTo(51);
    expect(refused).toMatchObject({ error: { code: -32700 } });
    expect((refused.error as { message: string }).message).toMatch(/too deeply nested at message:\d+:\d+/);
    server.send(ping(52));
    expect(await server.answerTo(52)).toMatchObject({ result: {} });
  });

  it('invalid JSON is answered -32700 (with the id when it can be read), then the next request', async () => {
    const server = await rawServer();
    server.send('{"jsonrpc": "2.0", "id": 7, "method": "ping", \n');
    expect(await server.answerTo(7)).toMatchObject({ error: { code: -32700 } });
    server.send('not json at all\n');
    expect(await server.answerTo(null)).toMatchObject({ error: { code: -32700 } });
    server.send('{"jsonrpc":"2.0","id":8,"params":{}}\n');
    expect(await server.answerTo(8)).toMatchObject({ error: { code: -32600 } });
    server.send(ping(9));
    expect(await server.answerTo(9)).toMatchObject({ result: {} });
    expect(server.stray).toEqual([]);
    expect(server.lines.every((line) => (line as { jsonrpc?: string }).jsonrpc === '2.0')).toBe(true);
  });

  it('console output of host-side code (a mock handler) never reaches stdout', async () => {
    const server = await rawServer([
      {
        id: 'noisy',
        name: 'noisy',
        kind: 'mock',
        tools: {
          talk: {
            response: { mode: 'handler', trusted: true, source: 'console.log("not JSON-RPC"); return 1;' },
          },
        },
      },
    ]);
    server.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 5,
        method: 'tools/call',
        params: { name: 'execute', arguments: { code: 'return await noisy.talk({})' } },
      }) + '\n',
    );
    expect(await server.answerTo(5)).toMatchObject({
      result: { structuredContent: { ok: true, result: 1 } },
    });
    expect(server.stray).toEqual([]);
    expect(server.lines.every((line) => (line as { jsonrpc?: string }).jsonrpc === '2.0')).toBe(true);
  });
});
