import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpProviderConfig } from '../../src/shared/api/providers';
import { callTool } from './callTool';
import { loadSource, type LoadedSource } from './loadSource';
import { MCP_FIXTURE } from './startMcpFixture';

const require = createRequire(import.meta.url);
const EVERYTHING = path.join(
  path.dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')),
  'dist',
  'index.js',
);

const sources: LoadedSource[] = [];
afterEach(async () => {
  await Promise.all(sources.splice(0).map((s) => s.source.dispose()));
});

async function stdio(args: string[], extra: Partial<McpProviderConfig> = {}, command = process.execPath) {
  const loaded = await loadSource({
    id: 's',
    name: 'server',
    kind: 'mcp',
    transport: { type: 'stdio', command, args },
    ...extra,
  });
  sources.push(loaded);
  return loaded;
}

describe('MCP provider over stdio', { timeout: 60_000 }, () => {
  it('drives @modelcontextprotocol/server-everything: tools, typings, text and structured results', async () => {
    const { load } = await stdio([EVERYTHING, 'stdio']);
    const provider = await load();
    const echo = provider.originalToSafeName['echo']!;
    const sum = provider.originalToSafeName['get-sum']!;
    const structured = provider.originalToSafeName['get-structured-content']!;
    expect(sum).toMatch(/^[A-Za-z_$][\w$]*$/);
    expect(provider.types).toContain('message');
    expect(await callTool(provider, echo, { message: 'hello' })).toMatchObject({
      ok: true,
      result: expect.stringContaining('hello'),
    });
    expect(await callTool(provider, sum, { a: 2, b: 40 })).toMatchObject({
      ok: true,
      result: expect.stringContaining('42'),
    });
    const weather = await callTool(provider, structured, { location: 'Chicago' });
    expect(weather).toMatchObject({
      ok: true,
      result: { temperature: expect.any(Number), conditions: expect.any(String) },
    });
    expect(await callTool(provider, echo, {})).toMatchObject({
      ok: false,
      error: { code: 'validation_error' },
    });
  });

  it('cancels a long-running server-everything operation promptly', async () => {
    const { load } = await stdio([EVERYTHING, 'stdio']);
    const provider = await load();
    const longRunning = provider.originalToSafeName['trigger-long-running-operation']!;
    const controller = new AbortController();
    const pending = callTool(provider, longRunning, { duration: 600, steps: 2 }, controller.signal);
    controller.abort(new Error('cancel'));
    expect(await pending).toMatchObject({ ok: false, error: { code: 'timeout' } });
    const echo = provider.originalToSafeName['echo']!;
    expect(await callTool(provider, echo, { message: 'still alive' })).toMatchObject({ ok: true });
  });

  it('a crashing server gives a clear error with its stderr, and is restarted on the next call', async () => {
    const { load, reports } = await stdio([MCP_FIXTURE, '--stdio']);
    const provider = await load();
    const crashed = await callTool(provider, 'crash', {});
    expect(crashed).toMatchObject({ ok: false, error: { code: 'tool_error' } });
    if (!crashed.ok)
      expect(crashed.error.message).toMatch(
        /closed the connection during crash[\s\S]*fixture crashing on purpose/,
      );
    await expect.poll(() => reports.some((r) => r.includes('closed the connection'))).toBe(true);
    expect(await callTool(provider, 'echo', { text: 'back' })).toEqual({ ok: true, result: 'echo: back' });
    expect(reports.slice(-2)).toEqual(['ok', 'tools']);
  });

  it('passes env with secrets expanded, and a command that cannot start is a clear error', async () => {
    const missing = await stdio([], {}, '/nonexistent/mcp-server');
    await expect(missing.load()).rejects.toThrow(/could not start MCP server '\/nonexistent\/mcp-server'/);
    const { load, secrets } = await stdio([EVERYTHING, 'stdio'], {
      transport: {
        type: 'stdio',
        command: process.execPath,
        args: [EVERYTHING, 'stdio'],
        env: { FIXTURE_SECRET: '${secret:S}' },
      },
    });
    await expect(load()).rejects.toThrow(
      "secret 'S' (used in provider 'server' transport.env.FIXTURE_SECRET) is not set",
    );
    await secrets.set('S', 'shh');
    const provider = await load();
    const outcome = await callTool(provider, provider.originalToSafeName['get-env']!, {});
    expect(outcome).toMatchObject({ ok: true, result: { FIXTURE_SECRET: 'shh' } });
  });
});
