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
      providers: [{ name: 'alpha', state: 'ready' }],
    });
  });

  it('names each provider with its state, so the editor can say why one is not typed', async () => {
    const dir = await tempDir();
    const file = await writeWorkspace(path.join(dir, 'w.execbox.json'), { providers: [mock('alpha')] });
    const { host, events } = await startHost({ workspacePath: file, trustAll: true });
    hosts.push(host);
    await host.providers.add({
      id: 'broken',
      name: 'broken',
      kind: 'mcp',
      transport: { type: 'stdio', command: path.join(dir, 'no-such-command') },
    });
    const answer = await host.providers.typings();
    expect(answer.providers).toEqual([
      { name: 'alpha', state: 'ready' },
      { name: 'broken', state: 'error', error: expect.stringContaining('ENOENT') },
    ]);
    expect(answer.declarations).toContain('alpha');
    expect(answer.declarations).not.toContain('broken');
    // The state change alone (connecting → error, no declarations changed) was announced too.
    const typings = events.filter((e) => e.type === 'typings');
    expect(typings.at(-1)).toMatchObject({ version: answer.version, providers: answer.providers });
    expect(
      typings.some((e) => e.providers.some((p) => p.name === 'broken' && p.state === 'connecting')),
    ).toBe(true);

    await host.providers.remove('broken');
    const removed = events.filter((e) => e.type === 'typings').at(-1)!;
    expect(removed.providers).toEqual([{ name: 'alpha', state: 'ready' }]);
    expect(removed.version).toBeGreaterThan(answer.version);
  });
});
