import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  MCP_RESOURCE_VIEW_BYTES,
  MCP_TRAFFIC_MESSAGES,
  MCP_TRAFFIC_PREVIEW_CHARS,
  type McpResourceContent,
  type McpTrafficMessage,
} from '../../src/shared/api/mcpInspect';
import { MAX_GUEST_RESOURCE_BYTES } from '../../src/main/providers/mcp/guestResourceTools';
import { startRendererView, type RendererView } from '../secrets/hostHarness';
import { serverEverythingStdio } from '../support/serverEverything';

const HUGE = fileURLToPath(new URL('../fixtures/mcp/hugeResourceServer.mjs', import.meta.url));

let view: RendererView | undefined;
afterEach(async () => {
  await view?.dispose();
  view = undefined;
});

function huge(...args: string[]) {
  return startRendererView(
    () => [
      {
        id: 'huge',
        name: 'huge',
        kind: 'mcp',
        transport: { type: 'stdio', command: process.execPath, args: [HUGE, ...args] },
      },
    ],
    {},
  );
}

describe('limits of the MCP inspector', { timeout: 90_000 }, () => {
  it('shows a huge text resource cut, a huge binary as its size, and keeps the huge raw message as a preview', async () => {
    view = await huge();
    const text = (await view.call('providers', 'readResource', 'huge', 'huge://text')) as {
      contents: McpResourceContent[];
    };
    expect(text.contents[0]).toMatchObject({ bytes: 5 * 1024 * 1024, truncated: true });
    expect(text.contents[0]!.text).toHaveLength(MCP_RESOURCE_VIEW_BYTES);
    const blob = (await view.call('providers', 'readResource', 'huge', 'huge://blob')) as {
      contents: McpResourceContent[];
    };
    expect(blob.contents[0]).toEqual({
      uri: 'huge://blob',
      mimeType: 'application/octet-stream',
      bytes: 3 * 1024 * 1024,
      truncated: true,
    });
    const traffic = (await view.call('providers', 'mcpTraffic', 'huge')) as McpTrafficMessage[];
    const answer = traffic.find((m) => m.method === 'resources/read' && m.kind === 'response')!;
    expect(answer.message).toBeUndefined();
    expect(answer.preview).toHaveLength(MCP_TRAFFIC_PREVIEW_CHARS + 1);
    expect(answer.bytes).toBeGreaterThan(5 * 1024 * 1024);
  });

  it('refuses a guest read larger than the guest limit with a tool_error that says so', async () => {
    view = await huge();
    const { result } = await view.run(`
      const small = await huge.$readResource({ uri: 'huge://small' });
      try { await huge.$readResource({ uri: 'huge://text' }); } catch (e) { return [JSON.parse(small.contents[0].text), e.code, e.message]; }
    `);
    expect(result).toMatchObject({
      ok: true,
      result: [
        { small: true },
        'tool_error',
        expect.stringContaining(`guest code may read at most ${MAX_GUEST_RESOURCE_BYTES}`),
      ],
    });
  });

  it("leaves a server's own $readResource tool in place", async () => {
    view = await huge('--own-read-tool');
    const { result } = await view.run(`return await huge.$readResource({});`);
    expect(result).toMatchObject({ ok: true, result: 'own tool' });
  });

  it('keeps only the newest messages of a long conversation', async () => {
    view = await startRendererView(
      () => [{ id: 'ev', name: 'everything', kind: 'mcp', transport: serverEverythingStdio() }],
      {},
    );
    const calls = MCP_TRAFFIC_MESSAGES; // a request and a response each: twice the bound
    const { result } = await view.run(
      `for (let i = 0; i < ${calls}; i++) await everything.echo({ message: 'n' + i }); return 1;`,
    );
    expect(result).toMatchObject({ ok: true });
    const traffic = (await view.call('providers', 'mcpTraffic', 'ev')) as McpTrafficMessage[];
    expect(traffic).toHaveLength(MCP_TRAFFIC_MESSAGES);
    expect(traffic.some((m) => m.method === 'initialize')).toBe(false);
    expect(JSON.stringify(traffic.at(-1)!.message)).toContain(`n${calls - 1}`);
    // Calls that were answered are not cancelled when the run ends.
    expect(traffic.filter((m) => m.method === 'notifications/cancelled')).toEqual([]);
  });
});
