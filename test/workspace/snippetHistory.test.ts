import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MAX_DELETED_SNIPPETS,
  MAX_SNIPPET_HISTORY_CHARS,
  MAX_SNIPPET_VERSIONS,
} from '../../src/main/services/workspace/createSnippetHistory';
import { tempDir, writeWorkspace, hostsDisposedAfterEach } from './hostFixture';

const { host, forget } = hostsDisposedAfterEach();

async function workspace() {
  const dir = await tempDir();
  const file = await writeWorkspace(path.join(dir, 'w.execbox.json'), {});
  return host({ workspacePath: file });
}

describe('snippet history', () => {
  it('keeps every save as a version, newest first, each readable and restorable', async () => {
    const { host: h, configDir } = await workspace();
    const snippet = await h.workspace.createSnippet('calc', 'return 1');
    await h.workspace.updateSnippet(snippet.id, { code: 'return 2' });
    await h.workspace.updateSnippet(snippet.id, { name: 'renamed only' });
    await h.workspace.updateSnippet(snippet.id, { code: 'return 2' }); // unchanged: no new version
    await h.workspace.updateSnippet(snippet.id, { code: 'return 3' });
    const versions = await h.workspace.snippetHistory(snippet.id);
    expect(versions.map((v) => v.chars)).toEqual([8, 8, 8]);
    const texts = await Promise.all(
      versions.map(async (v) => (await h.workspace.snippetVersion(snippet.id, v.versionId)).code),
    );
    expect(texts).toEqual(['return 3', 'return 2', 'return 1']);
    expect(versions[0]!.name).toBe('renamed only');
    expect(Date.parse(versions[0]!.savedAt)).not.toBeNaN();

    const current = (await h.workspace.get()).snippets[0]!;
    await h.workspace.restoreSnippetVersion(snippet.id, versions[2]!.versionId, {
      codeRevision: current.revision,
    });
    expect((await h.workspace.get()).snippets[0]!.code).toBe('return 1');
    // The restore is itself a save.
    expect((await h.workspace.snippetHistory(snippet.id)).length).toBe(4);
    // A restore based on an old revision is a conflict, as any write.
    await expect(
      h.workspace.restoreSnippetVersion(snippet.id, versions[0]!.versionId, {
        codeRevision: current.revision,
      }),
    ).rejects.toThrow('changed in another tab');

    // Kept beside the settings, private, and not in the (shared) workspace file.
    const [historyFile] = await readdir(path.join(configDir, 'snippet-history'));
    expect((await stat(path.join(configDir, 'snippet-history', historyFile!))).mode & 0o777).toBe(0o600);
    const doc = await readFile((await h.workspace.get()).path, 'utf8');
    expect(doc).not.toContain('versionId');
  });

  // Issue 40: a snippet from the file (a demo's) had no version of the code it had before the first edit.
  it("keeps a snippet's code from before its first edit as its first version", async () => {
    const dir = await tempDir();
    const file = await writeWorkspace(path.join(dir, 'w.execbox.json'), {
      snippets: [{ id: 'demo', name: 'Demo', code: 'return "as shipped"' }],
    });
    const { host: h } = await host({ workspacePath: file });
    await h.workspace.updateSnippet('demo', { code: 'return "edited"' });
    await h.workspace.updateSnippet('demo', { code: 'return "again"' });
    const versions = await h.workspace.snippetHistory('demo');
    const texts = await Promise.all(
      versions.map(async (v) => (await h.workspace.snippetVersion('demo', v.versionId)).code),
    );
    expect(texts).toEqual(['return "again"', 'return "edited"', 'return "as shipped"']);
  });

  it('bounds the versions per snippet by count and by size, keeping the newest', async () => {
    const { host: h } = await workspace();
    const snippet = await h.workspace.createSnippet('many', 'v0');
    for (let i = 1; i <= MAX_SNIPPET_VERSIONS + 5; i++)
      await h.workspace.updateSnippet(snippet.id, { code: `v${i}` });
    const versions = await h.workspace.snippetHistory(snippet.id);
    expect(versions).toHaveLength(MAX_SNIPPET_VERSIONS);
    const newest = await h.workspace.snippetVersion(snippet.id, versions[0]!.versionId);
    expect(newest.code).toBe(`v${MAX_SNIPPET_VERSIONS + 5}`);

    const big = 'x'.repeat(MAX_SNIPPET_HISTORY_CHARS / 2 + 1);
    await h.workspace.updateSnippet(snippet.id, { code: big });
    await h.workspace.updateSnippet(snippet.id, { code: `${big}y` });
    const afterBig = await h.workspace.snippetHistory(snippet.id);
    expect(afterBig.map((v) => v.chars)).toEqual([big.length + 1]);
  });

  it('keeps deleted snippets for restoring, bounded, and refuses unknown ids', async () => {
    const { host: h } = await workspace();
    const snippet = await h.workspace.createSnippet('gone', 'return "old"');
    await h.workspace.updateSnippet(snippet.id, { code: 'return "last"' });
    await h.workspace.deleteSnippet(snippet.id);
    expect((await h.workspace.get()).snippets).toEqual([]);
    expect(await h.workspace.deletedSnippets()).toEqual([
      expect.objectContaining({ id: snippet.id, name: 'gone', chars: 13 }),
    ]);
    const restored = await h.workspace.restoreDeletedSnippet(snippet.id);
    expect(restored).toMatchObject({ id: snippet.id, name: 'gone', code: 'return "last"' });
    expect((await h.workspace.get()).snippets.map((s) => s.id)).toEqual([snippet.id]);
    expect(await h.workspace.deletedSnippets()).toEqual([]);
    // Its versions came back with it.
    expect((await h.workspace.snippetHistory(snippet.id)).length).toBe(2);

    await expect(h.workspace.restoreDeletedSnippet(snippet.id)).rejects.toThrow('no deleted snippet has id');
    await expect(h.workspace.snippetHistory('nope')).rejects.toThrow("no snippet has id 'nope'");
    await expect(h.workspace.snippetVersion(snippet.id, 'nope')).rejects.toThrow("has no version 'nope'");

    for (let i = 0; i < MAX_DELETED_SNIPPETS + 3; i++) {
      const extra = await h.workspace.createSnippet(`s${i}`, `return ${i}`);
      await h.workspace.deleteSnippet(extra.id);
    }
    const deleted = await h.workspace.deletedSnippets();
    expect(deleted).toHaveLength(MAX_DELETED_SNIPPETS);
    expect(deleted[0]!.name).toBe(`s${MAX_DELETED_SNIPPETS + 2}`);
  });

  it('keeps the history across restarts', async () => {
    const first = await workspace();
    const file = (await first.host.workspace.get()).path;
    const snippet = await first.host.workspace.createSnippet('kept', 'return 1');
    await first.host.workspace.updateSnippet(snippet.id, { code: 'return 2' });
    await first.host.dispose();
    forget(first);
    const second = await host({ configDir: first.configDir, workspacePath: file });
    expect((await second.host.workspace.snippetHistory(snippet.id)).length).toBe(2);
  });
});
