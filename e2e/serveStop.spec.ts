import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import WebSocket from 'ws';
import { startServe, stop } from './startServe';

const LAUNCHER = fileURLToPath(new URL('../test/fixtures/mcp/launcher.mjs', import.meta.url));
const SERVER = fileURLToPath(new URL('../test/fixtures/mcp/fixtureServer.mjs', import.meta.url));

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Calls the page's API as the page would (the token, the server's own Origin). */
async function callApi(url: string, namespace: string, method: string, ...args: unknown[]): Promise<unknown> {
  const page = new URL(url);
  const token = new URLSearchParams(page.hash.slice(1)).get('token')!;
  const socket = new WebSocket(`ws://${page.host}/api?token=${token}`, { headers: { Origin: page.origin } });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  try {
    return await new Promise((resolve, reject) => {
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as {
          type: string;
          id?: number;
          ok?: boolean;
          value?: unknown;
        };
        if (message.type !== 'response' || message.id !== 1) return;
        if (message.ok) resolve(message.value);
        else reject(new Error(JSON.stringify(message)));
      });
      socket.send(JSON.stringify({ type: 'request', id: 1, namespace, method, args, token }));
    });
  } finally {
    socket.close();
  }
}

test('SIGTERM ends serve within seconds while an npx-like MCP server is still starting, and leaves no process behind', async () => {
  test.skip(process.platform !== 'linux', 'reads the process tree from /proc');
  test.setTimeout(90_000);
  const dir = await mkdtemp(join(tmpdir(), 'execbox-serve-stop-'));
  const pidFile = join(dir, 'pids.txt');
  const workspaceFile = join(dir, 'stop.execbox.json');
  // The launcher starts its server only after 10 minutes, as a slow npx would, and connecting may take
  // that long: serve is stopped meanwhile. The old serve waited for the connection to time out.
  const launch = [LAUNCHER, pidFile, '600000', SERVER, '--stdio'];
  await writeFile(
    workspaceFile,
    JSON.stringify({
      formatVersion: 1,
      name: 'stop',
      providers: [
        {
          id: 'slow',
          name: 'slow',
          kind: 'mcp',
          transport: { type: 'stdio', command: process.execPath, args: launch },
          requestTimeoutMs: 600_000,
        },
      ],
      snippets: [],
    }),
  );
  const serve = await startServe(join(dir, 'config'), workspaceFile);
  try {
    const workspace = (await callApi(serve.url, 'workspace', 'get')) as { pendingTrust: { id: string }[] };
    for (const request of workspace.pendingTrust)
      await callApi(serve.url, 'workspace', 'answerTrust', request.id, true);
    const pids = async () => (await readFile(pidFile, 'utf8').catch(() => '')).split('\n').filter(Boolean);
    await expect.poll(pids, { timeout: 30_000 }).toHaveLength(1);
    const launcher = Number((await pids())[0]!.split(' ')[1]);
    expect(alive(launcher)).toBe(true);

    const exited = new Promise<void>((resolve) => serve.child.once('exit', () => resolve()));
    serve.child.kill('SIGTERM');
    // The old serve waited on the launcher for its whole start (10 minutes here): this times out.
    await exited;
    expect(serve.output()).toContain('execbox serve: stopping');
    await expect.poll(() => alive(launcher), { timeout: 10_000 }).toBe(false);
    expect(await pids()).toHaveLength(1);
  } finally {
    await stop(serve.child);
  }
});
