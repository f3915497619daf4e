import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import { startHost, tempDir, writeWorkspace, type HostFixture } from './hostFixture';
import { serverEverythingStdio } from '../support/serverEverything';

let fixture: HostFixture | undefined;
afterEach(async () => {
  await fixture?.host.dispose();
  fixture = undefined;
});

async function everythingHost(): Promise<{ h: HostFixture['host']; file: string }> {
  const dir = await tempDir();
  const file = await writeWorkspace(path.join(dir, 'everything.execbox.json'), {
    providers: [
      {
        id: 'ev',
        name: 'everything',
        kind: 'mcp',
        transport: serverEverythingStdio(),
      },
    ],
  });
  fixture = await startHost({ workspacePath: file, trustAll: true });
  await fixture.host.resolvedProviders();
  return { h: fixture.host, file };
}

describe('tools of a real MCP server (server-everything over stdio)', { timeout: 90_000 }, () => {
  it('lists each tool with its input schema and the server annotations', async () => {
    const { h } = await everythingHost();
    const [status] = await h.providers.list();
    const echo = status!.tools.find((tool) => tool.originalName === 'echo');
    expect(echo).toMatchObject({
      description: expect.any(String),
      inputSchema: { type: 'object', properties: { message: expect.anything() } },
      annotations: { readOnlyHint: true },
    });
  });

  it('types a tool without output schema as any, then by a recorded shape, which can be removed', async () => {
    const { h, file } = await everythingHost();
    expect(await h.providers.declarations()).toMatch(/function get_sum\([^)]*\): Promise<any>/);

    const shape = {
      type: 'object',
      properties: { approved: { type: 'boolean' } },
      required: ['approved'],
    };
    const status = await h.providers.setOutputType('ev', 'get-sum', shape);
    expect(status.tools.find((t) => t.originalName === 'get-sum')).toMatchObject({
      outputSchema: shape,
      outputTypeRecorded: true,
    });
    const typed = await h.providers.declarations();
    expect(typed).toMatch(/function get_sum\([^)]*\): Promise<GetSumOutput>/);
    expect(typed).toMatch(/approved: boolean/);
    const saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved.providers[0].outputTypes).toEqual({ 'get-sum': shape });

    // The recorded shape types the editor only: a result of another shape still comes through.
    const executor = createInProcessExecutor();
    try {
      const result = await executor.execute(
        'await everything.get_sum({ a: 2, b: 3 })',
        await h.resolvedProviders(),
        { timeoutMs: 30_000 },
      );
      expect(result).toMatchObject({ ok: true, result: expect.stringContaining('5') });
    } finally {
      await executor.dispose();
    }

    await h.providers.setOutputType('ev', 'get-sum', null);
    expect(await h.providers.declarations()).toMatch(/function get_sum\([^)]*\): Promise<any>/);
    expect(JSON.parse(await readFile(file, 'utf8')).providers[0].outputTypes).toBeUndefined();
  });

  it('rejects an output type that is not a schema, and an unknown provider, and changes nothing', async () => {
    const { h, file } = await everythingHost();
    const before = await readFile(file, 'utf8');
    await expect(h.providers.setOutputType('ev', 'get-sum', 'string' as never)).rejects.toThrow(
      /schema must be a JSON Schema/,
    );
    await expect(h.providers.setOutputType('ev', 'get-sum', [] as never)).rejects.toThrow(
      /schema must be a JSON Schema/,
    );
    await expect(h.providers.setOutputType('nope', 'get-sum', true)).rejects.toThrow(/no provider has id/);
    expect(await readFile(file, 'utf8')).toBe(before);
  });
});
