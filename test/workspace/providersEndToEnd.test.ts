import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProvidersEvent } from '../../src/shared/api/providers';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import { MCP_FIXTURE, startMcpFixture } from '../providers/startMcpFixture';
import { startTpmjsStub, TPMJS_STUB_KEY } from '../providers/startTpmjsStub';
import { startHost, tempDir, writeWorkspace, type HostFixture } from './hostFixture';
import { toRunnerCode } from '../../src/main/engine/core/toRunnerCode';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function host(...args: Parameters<typeof startHost>): Promise<HostFixture> {
  const fixture = await startHost(...args);
  cleanups.push(() => fixture.host.dispose());
  return fixture;
}

describe(
  'every provider kind end to end: workspace → resolved providers → in-process executor',
  { timeout: 90_000 },
  () => {
    it('runs one guest program that calls mock, MCP (HTTP and stdio), TPMJS and module tools', async () => {
      const mcp = await startMcpFixture();
      cleanups.push(() => mcp.stop());
      const tpmjs = await startTpmjsStub();
      cleanups.push(() => tpmjs.close());
      const dir = await tempDir();
      await writeFile(
        path.join(dir, 'tools.mjs'),
        "export const tools = [{ name: 'double', execute: (n) => n * 2 }];",
      );
      const file = await writeWorkspace(path.join(dir, 'all.execbox.json'), {
        providers: [
          {
            id: 'a',
            name: 'mock',
            kind: 'mock',
            tools: { pick: { response: { mode: 'fixed', result: { id: 7 } } } },
          },
          { id: 'b', name: 'remote', kind: 'mcp', transport: { type: 'http', url: mcp.url } },
          {
            id: 'c',
            name: 'local',
            kind: 'mcp',
            transport: { type: 'stdio', command: process.execPath, args: [MCP_FIXTURE, '--stdio'] },
          },
          {
            id: 'd',
            name: 'npm',
            kind: 'tpmjs',
            baseUrl: tpmjs.baseUrl,
            apiKey: '${secret:KEY}',
            tools: ['@tpmjs/hello@1.0.0::helloWorldTool'],
          },
          { id: 'e', name: 'mod', kind: 'module', path: './tools.mjs' },
        ],
      });
      const { host: h } = await host({ workspacePath: file, trustAll: true });
      await h.workspace.setSecret('KEY', TPMJS_STUB_KEY);
      const providers = await h.resolvedProviders();
      expect(providers.map((p) => p.name)).toEqual(['mock', 'remote', 'local', 'npm', 'mod']);
      const declarations = await h.providers.declarations();
      for (const name of ['pick', 'echo', 'helloWorldTool', 'double']) expect(declarations).toContain(name);

      const executor = createInProcessExecutor();
      cleanups.push(() => executor.dispose());
      const code = `
      const { id } = await mock.pick({});
      const [a, b] = await Promise.all([remote.echo({ text: 'http' }), local.echo({ text: 'stdio' })]);
      const hello = await npm.helloWorldTool({ name: 'guest' });
      let failure;
      try { await remote.fails({}); } catch (error) { failure = error.message; }
      return { doubled: await mod.double(id), a, b, hello: hello.message, failure };
    `;
      const result = await executor.execute(code, providers, { timeoutMs: 30_000 });
      expect(result).toMatchObject({
        ok: true,
        result: {
          doubled: 14,
          a: 'echo: http',
          b: 'echo: stdio',
          hello: 'Hello, guest',
          failure: expect.stringContaining('failed on purpose'),
        },
      });
    });

    it('refreshes typings when an MCP server announces list_changed, and reports a crash in the status', async () => {
      const dir = await tempDir();
      const file = await writeWorkspace(path.join(dir, 'mcp.execbox.json'), {
        providers: [
          {
            id: 'c',
            name: 'local',
            kind: 'mcp',
            transport: { type: 'stdio', command: process.execPath, args: [MCP_FIXTURE, '--stdio'] },
          },
        ],
      });
      const { host: h, events } = await host({ workspacePath: file, trustAll: true });
      const executor = createInProcessExecutor();
      cleanups.push(() => executor.dispose());
      const run = async (code: string) =>
        executor.execute(code, await h.resolvedProviders(), { timeoutMs: 30_000 });

      expect(await run("return await local.add_tool({ name: 'brand_new' })")).toMatchObject({
        ok: true,
        result: 'added',
      });
      const typings = () =>
        events.filter((e): e is Extract<ProvidersEvent, { type: 'typings' }> => e.type === 'typings');
      await expect
        .poll(() => typings().at(-1)?.declarations ?? '', { timeout: 30_000 })
        .toContain('brand_new');
      expect(await run('return await local.brand_new({})')).toMatchObject({
        ok: true,
        result: 'hello from brand_new',
      });

      const crashed = await run('return await local.crash({})');
      expect(crashed).toMatchObject({
        ok: false,
        error: { code: 'tool_error', message: expect.stringContaining('closed the connection') },
      });
      await expect.poll(async () => (await h.providers.list())[0]?.state, { timeout: 30_000 }).toBe('error');
      expect(await run("return await local.echo({ text: 'revived' })")).toMatchObject({
        ok: true,
        result: 'echo: revived',
      });
      expect((await h.providers.list())[0]).toMatchObject({ state: 'ready' });
    });

    it('reloads a module provider when its file changes and announces the new typings', async () => {
      const dir = await tempDir();
      const moduleFile = path.join(dir, 'tools.mjs');
      await writeFile(moduleFile, "export const tools = [{ name: 'first_tool', execute: () => 1 }];");
      const file = await writeWorkspace(path.join(dir, 'mod.execbox.json'), {
        providers: [{ id: 'm', name: 'mod', kind: 'module', path: './tools.mjs' }],
      });
      const { host: h, events } = await host({ workspacePath: file, trustAll: true });
      expect(await h.providers.declarations()).toContain('first_tool');
      await writeFile(moduleFile, "export const tools = [{ name: 'second_tool', execute: () => 2 }];");
      const typings = () =>
        events.filter((e): e is Extract<ProvidersEvent, { type: 'typings' }> => e.type === 'typings');
      await expect
        .poll(() => typings().at(-1)?.declarations ?? '', { timeout: 30_000 })
        .toContain('second_tool');
      const executor = createInProcessExecutor();
      cleanups.push(() => executor.dispose());
      expect(
        await executor.execute('return await mod.second_tool()', await h.resolvedProviders()),
      ).toMatchObject({ ok: true, result: 2 });
    });

    it('runs the demo workspace snippets offline', async () => {
      const { host: h } = await host();
      const view = await h.workspace.get();
      const executor = createInProcessExecutor();
      cleanups.push(() => executor.dispose());
      const snippet = (id: string) => view.snippets.find((s) => s.id === id)!.code;
      // Snippets are TypeScript, as the editor is: run them as the app does, types stripped first.
      const run = async (id: string, timeoutMs = 30_000) =>
        executor.execute(await toRunnerCode(snippet(id)), await h.resolvedProviders(), { timeoutMs });
      expect(await run('demo-welcome')).toMatchObject({
        ok: true,
        result: ['#4211 Crash when the tool list changes mid-run'],
      });
      expect(await run('demo-errors')).toMatchObject({
        ok: true,
        result: { create: expect.stringContaining('403'), get: expect.stringContaining('404') },
      });
      expect(await run('demo-handler')).toMatchObject({ ok: true, result: { value: 70, unit: 'F' } });
      expect(await run('demo-parallel')).toMatchObject({
        ok: true,
        result: [{ city: 'Berlin' }, { city: 'Lagos' }, { city: 'Osaka' }],
      });
      expect(await run('demo-timeout', 1000)).toMatchObject({ ok: false, error: { code: 'timeout' } });
    });
  },
);
