import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpProviderConfig } from '../../src/shared/api/providers';
import { callTool } from './callTool';
import { loadSource, type LoadedSource } from './loadSource';
import { MCP_FIXTURE } from './startMcpFixture';

const sources: LoadedSource[] = [];
afterEach(async () => {
  await Promise.all(sources.splice(0).map((s) => s.source.dispose()));
});

/** A workspace folder with `servers/start-fixture`, a script that exists only there and starts the stdio fixture. */
async function workspaceWithLauncher(): Promise<string> {
  const workspaceDir = await mkdtemp(path.join(os.tmpdir(), 'execbox-cwd-'));
  await mkdir(path.join(workspaceDir, 'servers'));
  const launcher = path.join(workspaceDir, 'servers', 'start-fixture');
  await writeFile(
    launcher,
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(MCP_FIXTURE)} --stdio\n`,
  );
  await chmod(launcher, 0o755);
  return workspaceDir;
}

async function load(transport: Extract<McpProviderConfig['transport'], { type: 'stdio' }>, baseDir: string) {
  const loaded = await loadSource({ id: 'c', name: 'local', kind: 'mcp', transport }, baseDir);
  sources.push(loaded);
  return loaded.load();
}

describe.skipIf(process.platform === 'win32')('MCP stdio working directory', { timeout: 60_000 }, () => {
  it('starts a relative command from the configured cwd, itself relative to the workspace folder', async () => {
    const workspaceDir = await workspaceWithLauncher();
    const provider = await load({ type: 'stdio', command: './start-fixture', cwd: 'servers' }, workspaceDir);
    const echo = provider.originalToSafeName['echo']!;
    expect(await callTool(provider, echo, { text: 'from servers/' })).toMatchObject({
      ok: true,
      result: expect.stringContaining('from servers/'),
    });
  });

  it('accepts an absolute cwd as given', async () => {
    const workspaceDir = await workspaceWithLauncher();
    const elsewhere = await mkdtemp(path.join(os.tmpdir(), 'execbox-cwd-other-'));
    const provider = await load(
      { type: 'stdio', command: './start-fixture', cwd: path.join(workspaceDir, 'servers') },
      elsewhere,
    );
    expect(provider.originalToSafeName['echo']).toBeDefined();
  });

  it('without a cwd the command is looked up in the workspace folder, so the same relative command is not found there', async () => {
    const workspaceDir = await workspaceWithLauncher();
    await expect(load({ type: 'stdio', command: './start-fixture' }, workspaceDir)).rejects.toThrow(
      /start-fixture/,
    );
  });

  it('a cwd that does not exist is refused with the command named, and nothing is started', async () => {
    const workspaceDir = await workspaceWithLauncher();
    await expect(
      load({ type: 'stdio', command: './start-fixture', cwd: 'no-such-folder' }, workspaceDir),
    ).rejects.toThrow(/start-fixture/);
  });
});
