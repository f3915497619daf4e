import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_RECENT_WORKSPACES } from '../../src/main/services/workspace/createWorkspaceState';
import { tempDir, hostsDisposedAfterEach } from './hostFixture';

const { host } = hostsDisposedAfterEach();

describe('workspaces you can find', () => {
  it('lists recent workspaces newest first with their names and colours, and forgets one on request', async () => {
    const { host: h, configDir } = await host();
    const dir = await tempDir();
    const a = path.join(dir, 'alpha.execbox.json');
    const b = path.join(dir, 'beta.execbox.json');
    await h.workspace.createEmpty(a);
    await h.workspace.setColor('#FF8800');
    await h.workspace.createEmpty(b, 'Second one');
    const recent = await h.workspace.recent();
    expect(recent.map((r) => [r.path, r.name, r.color, r.exists])).toEqual([
      [b, 'Second one', undefined, true],
      [a, 'alpha', '#ff8800', true],
      [path.join(configDir, 'workspaces', 'demo.execbox.json'), 'Execbox demo', undefined, true],
    ]);
    await rm(a);
    expect((await h.workspace.recent()).find((r) => r.path === a)?.exists).toBe(false);
    await h.workspace.forgetRecent(a);
    expect((await h.workspace.recent()).map((r) => r.path)).not.toContain(a);
  });

  it('keeps a bounded list, and reopening a workspace moves it to the top', async () => {
    const { host: h } = await host();
    const dir = await tempDir();
    const files = Array.from({ length: MAX_RECENT_WORKSPACES + 3 }, (_, i) =>
      path.join(dir, `w${i}.execbox.json`),
    );
    for (const file of files) await h.workspace.createEmpty(file);
    await h.workspace.open(files[5]!);
    const recent = await h.workspace.recent();
    expect(recent).toHaveLength(MAX_RECENT_WORKSPACES);
    expect(recent[0]!.path).toBe(files[5]);
    expect(recent.map((r) => r.path)).not.toContain(files[0]);
  });

  it('makes a new empty workspace named after its file, with one empty snippet and no providers', async () => {
    const { host: h } = await host();
    const file = path.join(await tempDir(), 'scratch.execbox.json');
    const view = await h.workspace.createEmpty(file);
    expect(view).toMatchObject({ path: file, name: 'scratch', pendingTrust: [] });
    expect(view.snippets.map((s) => [s.name, s.code])).toEqual([['main', '']]);
    expect(await h.providers.list()).toEqual([]);
    await expect(h.workspace.createEmpty(file)).rejects.toThrow('exists already');
    await expect(h.workspace.createEmpty(path.join(path.dirname(file), 'x.json'))).rejects.toThrow(
      'must name a *.execbox.json file',
    );
  });

  it('names a workspace made from the demo after its file, not after the demo', async () => {
    const { host: h } = await host();
    const file = path.join(await tempDir(), 'my-project.execbox.json');
    const view = await h.workspace.createFromDemo(file);
    expect(view.name).toBe('my-project');
    expect(JSON.parse(await readFile(file, 'utf8')).name).toBe('my-project');
  });

  it('renames and colours the open workspace, in the file too; a bad colour is refused', async () => {
    const { host: h } = await host();
    const file = path.join(await tempDir(), 'named.execbox.json');
    await h.workspace.createEmpty(file);
    await h.workspace.rename('Billing experiments');
    await h.workspace.setColor('#12ab34');
    expect(await h.workspace.get()).toMatchObject({ name: 'Billing experiments', color: '#12ab34' });
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
      name: 'Billing experiments',
      color: '#12ab34',
    });
    for (const bad of ['red', '#12ab3', '#12ab345', 'url(x)', 42])
      await expect(h.workspace.setColor(bad as string)).rejects.toThrow('color must be #rrggbb');
    await h.workspace.setColor(null);
    expect((await h.workspace.get()).color).toBeUndefined();
  });
});
