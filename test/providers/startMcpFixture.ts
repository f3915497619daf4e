import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const MCP_FIXTURE = fileURLToPath(new URL('../fixtures/mcp/fixtureServer.mjs', import.meta.url));

export interface McpFixture {
  port: number;
  url: string;
  stop(): Promise<void>;
}

/** Starts the fixture MCP server over HTTP on 127.0.0.1 (port 0 = any free port). */
export async function startMcpFixture(port = 0, sseOnly = false): Promise<McpFixture> {
  const child: ChildProcess = spawn(
    process.execPath,
    [MCP_FIXTURE, '--http', String(port), ...(sseOnly ? ['--sse-only'] : [])],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const ready = new Promise<number>((resolve, reject) => {
    lines.on('line', (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the MCP fixture exited early (${code})`)));
  });
  const actual = await ready;
  return {
    port: actual,
    url: `http://127.0.0.1:${actual}/${sseOnly ? 'sse' : 'mcp'}`,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await once(child, 'exit');
    },
  };
}
