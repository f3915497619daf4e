import { once } from 'node:events';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startHost, tempDir, type HostFixture } from './hostFixture';
import { isProcessRunning } from '../support/isProcessRunning';

let fixture: HostFixture | undefined;

/** A stdio "MCP server" that writes its pid, then reads stdin forever and never answers `initialize`. */
async function writeSilentServer(dir: string, options: { ignoreStdinEnd?: boolean } = {}) {
  const pidFile = path.join(dir, 'pid');
  const script = path.join(dir, 'silent.mjs');
  await writeFile(
    script,
    [
      `import { writeFileSync } from 'node:fs';`,
      `writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));`,
      'process.stdin.resume();',
      // Stays up after stdin closes, as a stubborn server would: only a signal stops it.
      options.ignoreStdinEnd ? 'setInterval(() => undefined, 60_000);' : '',
    ].join('\n'),
  );
  return { script, pidFile };
}

async function readPid(pidFile: string): Promise<number> {
  let pid = 0;
  await expect
    .poll(
      async () => {
        pid = Number(await readFile(pidFile, 'utf8').catch(() => '0'));
        return pid > 0;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return pid;
}
afterEach(async () => {
  await fixture?.host.dispose();
  fixture = undefined;
});

describe('connecting honours the provider timeout', () => {
  it('"Test connection" to a server that never answers fails after the configured timeout and stops the process', async () => {
    const dir = await tempDir();
    const { script, pidFile } = await writeSilentServer(dir);
    fixture = await startHost({ workspacePath: undefined, trustAll: true });
    const outcome = await fixture.host.providers.test({
      name: 'silent',
      kind: 'mcp',
      transport: { type: 'stdio', command: process.execPath, args: [script] },
      requestTimeoutMs: 1000,
    });
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatch(/timed out/i);
    const pid = await readPid(pidFile);
    await expect.poll(() => isProcessRunning(pid), { timeout: 20_000 }).toBe(false);
  }, 20_000);

  it('cancelTest stops a "Test connection" in flight and its process (the dialog was closed)', async () => {
    const dir = await tempDir();
    const { script, pidFile } = await writeSilentServer(dir, { ignoreStdinEnd: true });
    fixture = await startHost({ workspacePath: undefined, trustAll: true });
    const providers = fixture.host.providers;
    // A timeout far beyond the test's own: only the cancel can end this attempt in time.
    const outcome = providers.test(
      {
        name: 'silent',
        kind: 'mcp',
        transport: { type: 'stdio', command: process.execPath, args: [script] },
        requestTimeoutMs: 600_000,
      },
      'attempt-1',
    );
    const pid = await readPid(pidFile);
    expect(isProcessRunning(pid)).toBe(true);
    await expect(providers.test({ name: 'again', kind: 'mock', tools: {} }, 'attempt-1')).rejects.toThrow(
      "attemptId 'attempt-1' is running already",
    );

    await providers.cancelTest('attempt-1');
    expect(await outcome).toEqual({ ok: false, cancelled: true, error: 'the test was stopped' });
    await expect.poll(() => isProcessRunning(pid), { timeout: 20_000 }).toBe(false);

    // Finished and unknown attempts are ignored; a bad id is refused with its name.
    await providers.cancelTest('attempt-1');
    await providers.cancelTest('never-started');
    await expect(providers.cancelTest(42 as unknown as string)).rejects.toThrow('attemptId must be a string');
    // The id is free again and the host still tests providers.
    expect(await providers.test({ name: 'mock', kind: 'mock', tools: {} }, 'attempt-1')).toMatchObject({
      ok: true,
      toolCount: 0,
    });
  }, 60_000);

  it('closing the host stops a connection test in flight and its process', async () => {
    const dir = await tempDir();
    const { script, pidFile } = await writeSilentServer(dir, { ignoreStdinEnd: true });
    const host = (await startHost({ workspacePath: undefined, trustAll: true })).host;
    const outcome = host.providers.test(
      {
        name: 'silent',
        kind: 'mcp',
        transport: { type: 'stdio', command: process.execPath, args: [script] },
        requestTimeoutMs: 600_000,
      },
      'attempt-2',
    );
    const pid = await readPid(pidFile);
    await host.dispose();
    expect(await outcome).toMatchObject({ ok: false, cancelled: true });
    await expect.poll(() => isProcessRunning(pid), { timeout: 20_000 }).toBe(false);
  }, 60_000);

  it('cancelTest stops a test against an HTTP server that never answers, and drops its request', async () => {
    const requests: IncomingMessage[] = [];
    const stalled = createServer((request) => requests.push(request)); // never responds
    stalled.listen(0, '127.0.0.1');
    await once(stalled, 'listening');
    try {
      fixture = await startHost({ workspacePath: undefined, trustAll: true });
      const { port } = stalled.address() as AddressInfo;
      const outcome = fixture.host.providers.test(
        {
          name: 'stalled',
          kind: 'mcp',
          transport: { type: 'http', url: `http://127.0.0.1:${port}/mcp` },
          requestTimeoutMs: 600_000,
        },
        'attempt-http',
      );
      await expect.poll(() => requests.length, { timeout: 20_000 }).toBeGreaterThan(0);
      const closed = once(requests[0]!.socket, 'close');
      await fixture.host.providers.cancelTest('attempt-http');
      expect(await outcome).toEqual({ ok: false, cancelled: true, error: 'the test was stopped' });
      await closed;
      // Stopped means stopped: no SSE fallback attempt follows the cancelled one.
      expect(requests).toHaveLength(1);
    } finally {
      stalled.closeAllConnections();
      stalled.close();
    }
  }, 60_000);

  it('cancelTest ends a test of a module whose top-level code never settles', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'stuck.mjs');
    await writeFile(file, 'export const tools = [];\nawait new Promise(() => undefined);\n');
    fixture = await startHost({ workspacePath: undefined, trustAll: true });
    const outcome = fixture.host.providers.test(
      { name: 'stuck', kind: 'module', path: file },
      'attempt-module',
    );
    await fixture.host.providers.cancelTest('attempt-module');
    expect(await outcome).toEqual({ ok: false, cancelled: true, error: 'the test was stopped' });
  }, 60_000);
});
