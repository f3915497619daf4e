import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { WorkspaceFile } from '../../src/shared/workspaceFormat';
import { hostsDisposedAfterEach, tempDir, writeWorkspace } from './hostFixture';

const { host } = hostsDisposedAfterEach();

// execbox mcp checks an edit on the document that opens, not on an earlier read of the same path.
describe('admit: each document is seen just before it opens', () => {
  it('sees the very document that opens, and a refusal leaves the open workspace as it was', async () => {
    const dir = await tempDir();
    const first = await writeWorkspace(path.join(dir, 'first.execbox.json'), { name: 'First' });
    const second = await writeWorkspace(path.join(dir, 'second.execbox.json'), { name: 'Second' });
    const seen: { file: string; doc: WorkspaceFile }[] = [];
    let refuse = false;
    const { host: h } = await host({
      workspacePath: first,
      admit: (file, doc) => {
        seen.push({ file, doc });
        if (refuse) throw new Error(`refused ${path.basename(file)}`);
      },
    });
    expect(seen.map((s) => [s.file, s.doc.name])).toEqual([[first, 'First']]);

    await h.workspace.open(second);
    expect(seen.at(-1)?.doc.name).toBe('Second');
    expect((await h.workspace.get()).name).toBe('Second');

    refuse = true;
    await writeWorkspace(first, { name: 'First, edited' });
    await expect(h.workspace.open(first)).rejects.toThrow('refused first.execbox.json');
    expect(seen.at(-1)?.doc.name).toBe('First, edited');
    expect((await h.workspace.get()).name).toBe('Second');
    expect(h.workspaceFile()).toBe(second);
  });
});
