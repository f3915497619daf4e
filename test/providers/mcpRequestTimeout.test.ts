import { afterEach, describe, expect, it } from 'vitest';
import { callTool } from './callTool';
import { loadSource, type LoadedSource } from './loadSource';
import { MCP_FIXTURE } from './startMcpFixture';

const sources: LoadedSource[] = [];
afterEach(async () => {
  await Promise.all(sources.splice(0).map((s) => s.source.dispose()));
});

/** The fixture server over stdio; its request timeout also bounds starting it, so not too short. */
async function fixture() {
  const loaded = await loadSource({
    id: 'f',
    name: 'fixture',
    kind: 'mcp',
    transport: { type: 'stdio', command: process.execPath, args: [MCP_FIXTURE, '--stdio'] },
    requestTimeoutMs: 3_000,
  });
  sources.push(loaded);
  return { ...loaded, provider: await loaded.load() };
}

describe('an MCP request timeout (the fixture server over stdio)', { timeout: 60_000 }, () => {
  it("is the tool's own limit: the server is told to cancel the request, and it is not restarted", async () => {
    const { provider, reports } = await fixture();
    const outcome = await callTool(provider, 'hang', {});
    expect(outcome).toMatchObject({ ok: false, error: { code: 'timeout' }, toolLimitMs: 3_000 });
    // notifications/cancelled reached the same server process: a restarted one would count no calls.
    await expect
      .poll(async () => (await callTool(provider, 'hang_count', {})) as unknown, { timeout: 10_000 })
      .toEqual({ ok: true, result: { started: 1, cancelled: 1 } });
    expect(reports).toEqual([]);
  });

  it('restarts a server that stops answering everything (a ping after the timeout goes unanswered)', async () => {
    const { provider, reports } = await fixture();
    expect(await callTool(provider, 'freeze', {})).toMatchObject({ ok: false, error: { code: 'timeout' } });
    await expect.poll(() => reports.join('\n'), { timeout: 20_000 }).toMatch(/nor a ping/);
    expect(await callTool(provider, 'echo', { text: 'back' })).toEqual({ ok: true, result: 'echo: back' });
  });
});
