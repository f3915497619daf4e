import { access, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startHost, tempDir, writeWorkspace, type HostFixture } from './hostFixture';

const hosts: HostFixture[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((f) => f.host.dispose()));
});

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** A module that leaves a marker named after its version when it loads. */
const moduleSource = (dir: string, version: string) => `import { writeFileSync } from 'node:fs';
writeFileSync(${JSON.stringify(path.join(dir, `loaded-${version}`))}, 'loaded');
export const tools = [{ name: 'ping', description: 'Pong.', execute: () => ${JSON.stringify(version)} }];
`;

async function trustedModule() {
  const dir = await tempDir();
  const moduleFile = path.join(dir, 'tools.mjs');
  await writeFile(moduleFile, moduleSource(dir, 'v1'));
  const file = await writeWorkspace(path.join(dir, 'shared.execbox.json'), {
    providers: [{ id: 'mod', name: 'local', kind: 'module', path: './tools.mjs' }],
  });
  const fixture = await startHost({ workspacePath: file });
  hosts.push(fixture);
  const [question] = (await fixture.host.workspace.get()).pendingTrust;
  await fixture.host.workspace.answerTrust(question!.id, true);
  await fixture.host.resolvedProviders();
  expect(await exists(path.join(dir, 'loaded-v1'))).toBe(true);
  return { dir, moduleFile, file, ...fixture };
}

describe('module provider trust covers the file content', () => {
  it('does not run an edited module while the workspace is open, and asks again', async () => {
    const { dir, moduleFile, host } = await trustedModule();
    await writeFile(moduleFile, moduleSource(dir, 'v2'));
    await vi.waitFor(async () => expect((await host.workspace.get()).pendingTrust).toHaveLength(1), {
      timeout: 20_000,
      interval: 100,
    });
    expect(await exists(path.join(dir, 'loaded-v2'))).toBe(false);
    const [status] = await host.providers.list();
    expect(status?.state).toBe('awaiting_trust');

    const [question] = (await host.workspace.get()).pendingTrust;
    await host.workspace.answerTrust(question!.id, true);
    await vi.waitFor(async () => expect(await exists(path.join(dir, 'loaded-v2'))).toBe(true), {
      timeout: 20_000,
      interval: 100,
    });
  });

  it('asks again on reopening when the content changed while the app was closed', async () => {
    const { dir, moduleFile, file, host, configDir } = await trustedModule();
    await host.dispose();
    await writeFile(moduleFile, (await readFile(moduleFile, 'utf8')).replace(/v1/g, 'v3'));
    const reopened = await startHost({ workspacePath: file, configDir });
    hosts.push(reopened);
    expect((await reopened.host.workspace.get()).pendingTrust.map((q) => q.kind)).toEqual(['module']);
    await reopened.host.resolvedProviders();
    expect(await exists(path.join(dir, 'loaded-v3'))).toBe(false);
  });

  it('loads an unchanged trusted module on reopening without asking', async () => {
    const { file, host, configDir } = await trustedModule();
    await host.dispose();
    const reopened = await startHost({ workspacePath: file, configDir });
    hosts.push(reopened);
    expect((await reopened.host.workspace.get()).pendingTrust).toEqual([]);
    expect((await reopened.host.resolvedProviders()).map((p) => p.name)).toEqual(['local']);
  });
});
