import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import runCommand from '../../src/main/faces/cli/runCommand';
import { createFileSecretStore } from '../../src/main/secrets/createFileSecretStore';
import { MCP_FIXTURE, startMcpFixture } from '../providers/startMcpFixture';
import { startTpmjsStub, TPMJS_STUB_KEY } from '../providers/startTpmjsStub';
import { tempDir, writeWorkspace } from './hostFixture';

let stdout = '';
let stderr = '';
let dir = '';

beforeEach(async () => {
  dir = await tempDir('execbox-run-ws-');
  vi.stubEnv('EXECBOX_CONFIG_DIR', path.join(dir, 'config'));
  stdout = '';
  stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

async function files(guest: string) {
  await writeFile(
    path.join(dir, 'tools.mjs'),
    "export const tools = [{ name: 'triple', execute: (n) => n * 3 }];",
  );
  const workspace = await writeWorkspace(path.join(dir, 'w.execbox.json'), {
    providers: [
      { id: 'a', name: 'shop', kind: 'mock', tools: { price: { response: { mode: 'fixed', result: 4 } } } },
      {
        id: 'b',
        name: 'server',
        kind: 'mcp',
        transport: { type: 'stdio', command: process.execPath, args: [MCP_FIXTURE, '--stdio'] },
      },
      { id: 'c', name: 'local', kind: 'module', path: './tools.mjs' },
    ],
  });
  const script = path.join(dir, 'guest.js');
  await writeFile(script, guest);
  return { workspace, script };
}

describe('execbox run --workspace', { timeout: 60_000 }, () => {
  it('runs against the workspace providers with --trust', async () => {
    const { workspace, script } = await files(
      "const p = await shop.price({}); return { tripled: await local.triple(p), echo: await server.echo({ text: 'cli' }) };",
    );
    expect(await runCommand([script, '--workspace', workspace, '--trust'])).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ ok: true, result: { tripled: 12, echo: 'echo: cli' } });
  });

  it('runs against network providers (MCP over Streamable HTTP, TPMJS) with the API key from the secret store', async () => {
    const mcp = await startMcpFixture();
    const tpmjs = await startTpmjsStub();
    try {
      await createFileSecretStore(path.join(dir, 'config')).set('TPMJS_KEY', TPMJS_STUB_KEY);
      const workspace = await writeWorkspace(path.join(dir, 'net.execbox.json'), {
        providers: [
          { id: 'h', name: 'remote', kind: 'mcp', transport: { type: 'http', url: mcp.url } },
          {
            id: 't',
            name: 'npm',
            kind: 'tpmjs',
            baseUrl: tpmjs.baseUrl,
            apiKey: '${secret:TPMJS_KEY}',
            tools: ['@tpmjs/hello@1.0.0::helloWorldTool', '@tpmjs/hello@1.0.0::timeoutTool'],
          },
        ],
      });
      const script = path.join(dir, 'net.js');
      await writeFile(
        script,
        [
          "const hello = await npm.helloWorldTool({ name: 'cli' });",
          'let code;',
          'try { await npm.timeoutTool({}); } catch (error) { code = error.code; }',
          'return { hello: hello.message, structured: await remote.structured({}), code };',
        ].join('\n'),
      );
      expect(await runCommand([script, '--workspace', workspace])).toBe(0);
      expect(JSON.parse(stdout)).toMatchObject({
        ok: true,
        result: { hello: 'Hello, cli', structured: { temperature: 21 }, code: 'timeout' },
      });
    } finally {
      await mcp.stop();
      await tpmjs.close();
    }
  });

  it('refuses without --trust and without a terminal, naming what would be spawned', async () => {
    const { workspace, script } = await files('return 1');
    expect(await runCommand([script, '--workspace', workspace])).toBe(2);
    expect(stderr).toContain("provider 'server' would run");
    expect(stderr).toContain('fixtureServer.mjs --stdio');
    expect(stderr).toContain("provider 'local' would load the ES module");
    expect(stderr).toContain('pass --trust');
    expect(stdout).toBe('');
  });

  it('reports a broken workspace file with its position and exits 2', async () => {
    const script = path.join(dir, 'guest.js');
    await writeFile(script, 'return 1');
    const workspace = path.join(dir, 'bad.execbox.json');
    await writeFile(workspace, '{\n  "formatVersion": 1,\n  "name": 3\n}');
    expect(await runCommand([script, '--workspace', workspace])).toBe(2);
    expect(stderr).toContain(`${workspace}:3:11: $.name: must be string`);
  });

  it('warns about a provider that cannot load and runs without it', async () => {
    const script = path.join(dir, 'guest.js');
    await writeFile(script, 'return typeof npm');
    const workspace = await writeWorkspace(path.join(dir, 'secret.execbox.json'), {
      providers: [
        {
          id: 't',
          name: 'npm',
          kind: 'tpmjs',
          baseUrl: 'http://127.0.0.1:9',
          apiKey: '${secret:MISSING_KEY}',
          tools: ['p::t'],
        },
      ],
    });
    expect(await runCommand([script, '--workspace', workspace])).toBe(0);
    expect(stderr).toContain(
      "provider 'npm' is unavailable: secret 'MISSING_KEY' (used in provider 'npm' apiKey) is not set",
    );
    expect(JSON.parse(stdout)).toMatchObject({ ok: true, result: 'undefined' });
  });

  it('refuses --trust without --workspace', async () => {
    const script = path.join(dir, 'guest.js');
    await writeFile(script, 'return 1');
    expect(await runCommand([script, '--trust'])).toBe(2);
    expect(stderr).toContain('--trust needs --workspace');
  });
});
