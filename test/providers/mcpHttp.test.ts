import { afterEach, describe, expect, it } from 'vitest';
import type { McpProviderConfig } from '../../src/shared/api/providers';
import { callTool } from './callTool';
import { loadSource, type LoadedSource } from './loadSource';
import { startMcpFixture, type McpFixture } from './startMcpFixture';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function fixture(port = 0, sseOnly = false): Promise<McpFixture> {
  const started = await startMcpFixture(port, sseOnly);
  cleanups.push(() => started.stop());
  return started;
}

async function source(
  config: Partial<McpProviderConfig> & Pick<McpProviderConfig, 'transport'>,
): Promise<LoadedSource> {
  const loaded = await loadSource({ id: 'f', name: 'fixture', kind: 'mcp', ...config });
  cleanups.push(() => loaded.source.dispose());
  return loaded;
}

describe('MCP provider over Streamable HTTP (fixture server on 127.0.0.1)', { timeout: 60_000 }, () => {
  it('lists tools with sanitized names and typings, and maps every kind of result', async () => {
    const server = await fixture();
    const { load } = await source({ transport: { type: 'http', url: server.url } });
    const provider = await load();
    expect(provider.originalToSafeName['bad name!']).toMatch(/^[A-Za-z_$][\w$]*$/);
    expect(provider.types).toContain('echo');
    expect(provider.types).toContain('temperature');

    expect(await callTool(provider, 'echo', { text: 'hi' })).toEqual({ ok: true, result: 'echo: hi' });
    expect(await callTool(provider, 'json_text', {})).toEqual({
      ok: true,
      result: { a: 1, list: [true, null] },
    });
    expect(await callTool(provider, 'structured', {})).toEqual({ ok: true, result: { temperature: 21 } });
    expect(await callTool(provider, 'fails', {})).toEqual({
      ok: false,
      error: { code: 'tool_error', message: 'the fixture tool failed on purpose' },
    });
    expect(await callTool(provider, 'echo', { text: 5 })).toMatchObject({
      ok: false,
      error: { code: 'validation_error' },
    });
  });

  it('sends headers with secrets expanded from the secret store', async () => {
    const server = await fixture();
    const { load, secrets } = await source({
      transport: {
        type: 'http',
        url: server.url,
        headers: { Authorization: 'Bearer ${secret:FIXTURE_TOKEN}' },
      },
    });
    await secrets.set('FIXTURE_TOKEN', 'tok-123');
    expect(await callTool(await load(), 'auth_header', {})).toEqual({ ok: true, result: 'Bearer tok-123' });
  });

  it('cancelling aborts the in-flight request at the server', async () => {
    const server = await fixture();
    const { load } = await source({ transport: { type: 'http', url: server.url } });
    const provider = await load();
    const controller = new AbortController();
    const pending = callTool(provider, 'hang', {}, controller.signal);
    const counts = async () => (await callTool(provider, 'hang_count', {})) as { ok: true; result: unknown };
    await expect
      .poll(async () => (await counts()).result, { timeout: 20_000 })
      .toEqual({ started: 1, cancelled: 0 });
    controller.abort(new Error('cancel'));
    expect(await pending).toMatchObject({ ok: false, error: { code: 'timeout' } });
    await expect
      .poll(async () => (await counts()).result, { timeout: 20_000 })
      .toEqual({ started: 1, cancelled: 1 });
  });

  it('a server that never answers is a timeout, and the next call reconnects', async () => {
    const server = await fixture();
    const { load } = await source({ transport: { type: 'http', url: server.url }, requestTimeoutMs: 1000 });
    const provider = await load();
    const outcome = await callTool(provider, 'hang', {});
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: 'timeout', message: expect.stringContaining('did not answer hang within 1000 ms') },
    });
    expect(await callTool(provider, 'echo', { text: 'again' })).toEqual({ ok: true, result: 'echo: again' });
  });

  it('a crashed server gives a clear error and is reconnected on the next use after it restarts', async () => {
    const server = await fixture();
    const { load, reports } = await source({
      transport: { type: 'http', url: server.url },
      requestTimeoutMs: 10_000,
    });
    const provider = await load();
    expect(await callTool(provider, 'echo', { text: 'before' })).toEqual({
      ok: true,
      result: 'echo: before',
    });
    await server.stop();
    const down = await callTool(provider, 'echo', { text: 'during' });
    expect(down).toMatchObject({
      ok: false,
      error: { code: 'tool_error', message: expect.stringContaining('could not be reached') },
    });
    expect(reports.at(-1)).toMatch(/could not be reached/);
    await fixture(server.port);
    expect(await callTool(provider, 'echo', { text: 'after' })).toEqual({ ok: true, result: 'echo: after' });
    expect(reports.slice(-2)).toEqual(['ok', 'tools']);
  });

  it('notifications/tools/list_changed asks for a reload, which sees the new tool', async () => {
    const server = await fixture();
    const { load, reports } = await source({ transport: { type: 'http', url: server.url } });
    const provider = await load();
    expect(await callTool(provider, 'add_tool', { name: 'fresh_tool' })).toEqual({
      ok: true,
      result: 'added',
    });
    await expect.poll(() => reports.includes('tools'), { timeout: 20_000 }).toBe(true);
    const reloaded = await load();
    expect(reloaded.types).toContain('fresh_tool');
    expect(await callTool(reloaded, 'fresh_tool', {})).toEqual({ ok: true, result: 'hello from fresh_tool' });
  });

  it('falls back to SSE when the server offers only that', async () => {
    const server = await fixture(0, true);
    const { load } = await source({ transport: { type: 'http', url: server.url } });
    expect(await callTool(await load(), 'echo', { text: 'over sse' })).toEqual({
      ok: true,
      result: 'echo: over sse',
    });
  });

  it('an unreachable server is a clear load error', async () => {
    const server = await fixture();
    await server.stop();
    const { load } = await source({ transport: { type: 'http', url: server.url }, requestTimeoutMs: 5000 });
    await expect(load()).rejects.toThrow(
      /could not connect to MCP server http:\/\/127\.0\.0\.1:\d+\/mcp: Streamable HTTP failed/,
    );
  });
});
