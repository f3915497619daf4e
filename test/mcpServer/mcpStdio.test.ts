import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseTranscript } from '../../src/shared/transcriptFile';
import { tempDir } from '../workspace/hostFixture';
import { buildCliForTests } from '../../scripts/buildCliForTests';
import {
  cliStdioTransport,
  connectClient,
  MCP_TEST_PROVIDERS,
  rewriteWorkspace,
  writeTestWorkspace,
} from './mcpFixture';
import { isProcessRunning } from '../support/isProcessRunning';

beforeAll(() => buildCliForTests(), 120_000);

let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

async function start(extra: string[] = []) {
  const workspace = await writeTestWorkspace();
  const args = ['--workspace', workspace.file, '--trust', '--executor', 'inprocess'];
  args.push('--config-dir', workspace.configDir, ...extra);
  client = await connectClient(cliStdioTransport(args));
  return { client, workspace };
}

describe('execbox mcp over stdio (the SDK client)', { timeout: 60_000 }, () => {
  it('lists execute (typings in its description) and typings', async () => {
    const { client } = await start();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['execute', 'typings']);
    const execute = tools[0]!;
    expect(execute.description).toContain('declare namespace shop');
    expect(execute.description).toContain('function price(input: PriceInput)');
    expect(execute.outputSchema).toMatchObject({ required: ['ok', 'logs', 'durationMs'] });
    expect(client.getServerCapabilities()?.tools?.listChanged).toBe(true);
  });

  it('runs code against the workspace providers: structuredContent is the ExecuteResult, plus text', async () => {
    const { client } = await start();
    const result = await client.callTool({
      name: 'execute',
      arguments: { code: 'console.log("hi"); return (await shop.price({ item: "pen" })) * 2;' },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ ok: true, result: 8, logs: ['hi'] });
    expect(result.content).toEqual([{ type: 'text', text: '8\n\nLogs:\nhi' }]);
  });

  it('a failing guest is isError with the execbox code and message', async () => {
    const { client } = await start();
    const thrown = await client.callTool({ name: 'execute', arguments: { code: 'throw new Error("boom")' } });
    expect(thrown.isError).toBe(true);
    expect(thrown.structuredContent).toMatchObject({
      ok: false,
      error: { code: 'runtime_error', message: 'boom', name: 'Error', line: 1 },
    });
    expect((thrown.content as { text: string }[])[0]!.text).toMatch(/^runtime_error: Error: boom \(line 1\)/);
    const invalid = await client.callTool({
      name: 'execute',
      arguments: { code: 'return await shop.price({})' },
    });
    expect(invalid.structuredContent).toMatchObject({ ok: false, error: { code: 'validation_error' } });
  });

  it('bad arguments and unknown names are tool errors the model can read', async () => {
    const { client } = await start();
    const noCode = await client.callTool({ name: 'execute', arguments: { script: 'return 1' } });
    expect(noCode.isError).toBe(true);
    expect((noCode.content as { text: string }[])[0]!.text).toContain('code must be a string');
    const unknown = await client.callTool({ name: 'typings', arguments: { tools: ['shop.nope'] } });
    expect(unknown.isError).toBe(true);
    expect((unknown.content as { text: string }[])[0]!.text).toContain('shop (price, stall)');
    const wrongTool = client.callTool({ name: 'delete_everything', arguments: {} });
    await expect(wrongTool).rejects.toThrow(/no tool named "delete_everything"/);
    // The client adds "MCP error CODE: " once; the server's message does not carry it again.
    const message = await wrongTool.catch((error: Error) => error.message);
    expect(message).toMatch(/^MCP error -32602: no tool named/);
    const typings = await client.callTool({ name: 'typings', arguments: {} });
    expect(JSON.stringify(typings.content)).not.toContain('Use this shape');
  });

  it('typings returns one tool or a whole provider', async () => {
    const { client } = await start();
    const one = await client.callTool({ name: 'typings', arguments: { tools: ['shop.price'] } });
    const text = (one.content as { text: string }[])[0]!.text;
    expect(text).toContain('function price(');
    expect(text).not.toContain('function stall(');
    const all = await client.callTool({ name: 'typings', arguments: { providers: ['shop'] } });
    expect((all.content as { text: string }[])[0]!.text).toContain('function stall(');
  });

  it('notifications/cancelled cancels the run', async () => {
    const { client } = await start();
    const controller = new AbortController();
    const progress: string[] = [];
    const call = client.callTool(
      { name: 'execute', arguments: { code: 'return await shop.stall({})' } },
      undefined,
      {
        signal: controller.signal,
        onprogress: (update) => {
          progress.push(update.message ?? '');
          if (update.message === 'calling shop.stall') controller.abort('the agent changed its mind');
        },
      },
    );
    await expect(call).rejects.toThrow(/changed its mind|abort/i);
    expect(progress).toContain('calling shop.stall');
    // The server goes on serving after a cancelled run.
    const after = await client.callTool({ name: 'execute', arguments: { code: 'return 2' } });
    expect(after.structuredContent).toMatchObject({ ok: true, result: 2 });
  });

  it('announces tools/list_changed when the workspace file changes its providers', async () => {
    const { client, workspace } = await start();
    await client.listTools();
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );
    const shop = MCP_TEST_PROVIDERS[0]!;
    await rewriteWorkspace(workspace.file, [
      shop,
      {
        id: 'p2',
        name: 'bank',
        kind: 'mock',
        tools: { balance: { response: { mode: 'fixed', result: 10 } } },
      },
    ]);
    await changed;
    const { tools } = await client.listTools();
    expect(tools[0]!.description).toContain('declare namespace bank');
  });

  it('records each run like the app does with --transcript-dir', async () => {
    const dir = path.join(await tempDir('execbox-mcp-runs-'), 'runs');
    const { client } = await start(['--transcript-dir', dir]);
    await client.callTool({ name: 'execute', arguments: { code: 'return await shop.price({ item: "a" })' } });
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^vitest-agent-run-.*\.jsonl$/);
    const parsed = parseTranscript(await readFile(path.join(dir, files[0]!), 'utf8'));
    expect(parsed.problems).toEqual([]);
    expect(parsed.header).toMatchObject({
      code: 'return await shop.price({ item: "a" })',
      name: 'vitest-agent run',
    });
    expect(parsed.entries.some((e) => e.kind === 'message' && e.message.type === 'tool_call')).toBe(true);
  });

  it('shuts down when the client goes', async () => {
    const { client } = await start();
    const transport = client.transport as ReturnType<typeof cliStdioTransport>;
    const pid = transport.pid!;
    await client.close();
    await expect.poll(() => isProcessRunning(pid), { timeout: 20_000 }).toBe(false);
  });
});
