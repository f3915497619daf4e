import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProvidersEvent } from '../../src/shared/api/providers';
import type { WorkspaceHost } from '../../src/main/services/workspace/createWorkspaceHost';
import { startHost, tempDir, writeWorkspace } from './hostFixture';

const hosts: WorkspaceHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.dispose()));
});

const mock = (name: string) => ({
  id: name,
  name,
  kind: 'mock' as const,
  tools: { ping: { response: { mode: 'fixed' as const, result: 'pong' } } },
});

describe('typings are scoped to their workspace and versioned', () => {
  it('switching workspaces twice ends with the first workspace’s typings as the newest state', async () => {
    const dir = await tempDir();
    const first = await writeWorkspace(path.join(dir, 'first.execbox.json'), { providers: [mock('alpha')] });
    const second = await writeWorkspace(path.join(dir, 'second.execbox.json'), { providers: [mock('beta')] });
    const { host, events } = await startHost({ workspacePath: first, trustAll: true });
    hosts.push(host);
    await host.workspace.open(second);
    await host.workspace.open(first);
    await host.resolvedProviders();

    const typings = events.filter(
      (e): e is Extract<ProvidersEvent, { type: 'typings' }> => e.type === 'typings',
    );
    const versions = typings.map((e) => e.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
    // Each event names its workspace, so a page never shows one workspace's typings under another.
    for (const event of typings)
      expect(event.declarations.includes('beta')).toBe(event.workspacePath === path.resolve(second));
    const newest = typings.at(-1)!;
    expect(newest).toMatchObject({ workspacePath: path.resolve(first) });
    expect(newest.declarations).toContain('alpha');
    // What a page fetches after a reconnect is the same state, with the same version.
    expect(await host.providers.typings()).toEqual({
      workspacePath: newest.workspacePath,
      version: newest.version,
      declarations: newest.declarations,
    });
  });
});
