import { chmod, lstat, mkdir, readdir, readFile, readlink, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensurePrivateDir } from '../../src/main/system/ensurePrivateDir';
import { writeFileAtomic } from '../../src/main/system/writeFileAtomic';
import { createDebugHostHarness } from '../debug/debugHostHarness';
import { createScriptedExecutor } from '../debug/scriptedExecutor';
import { startHost, tempDir, writeWorkspace, type HostFixture } from './hostFixture';

const posix = process.platform !== 'win32';
const hosts: HostFixture[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((f) => f.host.dispose()));
});
async function host(...args: Parameters<typeof startHost>) {
  const fixture = await startHost(...args);
  hosts.push(fixture);
  return fixture;
}
const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe.runIf(posix)('workspace files keep who may read them', () => {
  it('creates the config folder 0700, even though the demo workspace is written inside it first', async () => {
    const configDir = path.join(await tempDir(), 'config', 'execbox-playground');
    await host({ configDir });
    expect(await modeOf(configDir)).toBe(0o700);
  });

  it('makes an existing config folder 0700 again', async () => {
    const configDir = path.join(await tempDir(), 'config');
    await mkdir(configDir, { mode: 0o755 });
    await chmod(configDir, 0o755);
    await host({ configDir, rememberLastWorkspace: false });
    expect(await modeOf(configDir)).toBe(0o700);
  });

  it('refuses a config folder that is a link', async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, 'elsewhere'));
    await symlink(path.join(dir, 'elsewhere'), path.join(dir, 'config'));
    await expect(ensurePrivateDir(path.join(dir, 'config'))).rejects.toThrow(
      /must be a folder of its own, but it is a link/,
    );
  });

  it('keeps a 0600 workspace 0600 after a save', async () => {
    const file = await writeWorkspace(path.join(await tempDir(), 'private.execbox.json'), {});
    await chmod(file, 0o600);
    const { host: h } = await host({ workspacePath: file });
    await h.workspace.rename('renamed');
    expect(JSON.parse(await readFile(file, 'utf8')).name).toBe('renamed');
    expect(await modeOf(file)).toBe(0o600);
  });

  it('keeps the conflict copy of a 0600 workspace 0600 too', async () => {
    const file = await writeWorkspace(path.join(await tempDir(), 'private.execbox.json'), {});
    await chmod(file, 0o600);
    const { host: h } = await host({ workspacePath: file });
    await writeFile(file, (await readFile(file, 'utf8')).replace('"test"', '"edited outside"'));
    await h.workspace.rename('renamed');
    const [warning] = (await h.workspace.get()).warnings;
    const copy = /latest changes are in (.+?)\. Reopen/.exec(warning ?? '')?.[1];
    expect(copy).toBeDefined();
    expect(await modeOf(copy!)).toBe(0o600);
  });

  it('saves a linked workspace through the link: the link stays, its target changes', async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, 'real'));
    const target = await writeWorkspace(path.join(dir, 'real', 'w.execbox.json'), {});
    await chmod(target, 0o640);
    const link = path.join(dir, 'link.execbox.json');
    await symlink(path.relative(dir, target), link);
    const { host: h } = await host({ workspacePath: link });
    await h.workspace.rename('through the link');
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readlink(link)).toBe(path.join('real', 'w.execbox.json'));
    expect(JSON.parse(await readFile(target, 'utf8')).name).toBe('through the link');
    expect(await modeOf(target)).toBe(0o640);
  });

  it('writes through a chain of links and to a link whose target does not exist yet', async () => {
    const dir = await tempDir();
    await symlink(path.join(dir, 'b'), path.join(dir, 'a'));
    await symlink(path.join(dir, 'c'), path.join(dir, 'b'));
    await writeFileAtomic(path.join(dir, 'a'), 'content');
    expect(await readFile(path.join(dir, 'c'), 'utf8')).toBe('content');
    expect((await lstat(path.join(dir, 'a'))).isSymbolicLink()).toBe(true);
  });

  it('refuses a link loop with a clear error instead of hanging', async () => {
    const dir = await tempDir();
    await symlink(path.join(dir, 'y'), path.join(dir, 'x'));
    await symlink(path.join(dir, 'x'), path.join(dir, 'y'));
    await expect(writeFileAtomic(path.join(dir, 'x'), 'content')).rejects.toThrow(/too many levels of links/);
  });

  it('gives a private file exactly the mode asked for, even over a looser existing file', async () => {
    const file = path.join(await tempDir(), 'secrets.json');
    await writeFile(file, '{}', { mode: 0o644 });
    await chmod(file, 0o644);
    await writeFileAtomic(file, '{"a":1}', 0o600);
    expect(await modeOf(file)).toBe(0o600);
  });
});

describe.runIf(posix)('a planted transcripts link in a target folder is refused, not written through', () => {
  async function withTranscript() {
    const dir = await tempDir();
    await mkdir(path.join(dir, 'transcripts'));
    await writeFile(path.join(dir, 'transcripts', 'baseline.jsonl'), '{"line":1}\n');
    const file = await writeWorkspace(path.join(dir, 'w.execbox.json'), {
      name: 'Shared',
      transcripts: [{ id: 't', name: 'baseline', file: 'transcripts/baseline.jsonl' }],
    });
    return (await host({ workspacePath: file })).host;
  }
  async function targetWithPlantedLink() {
    const dir = await tempDir();
    const elsewhere = await tempDir('execbox-elsewhere-');
    await symlink(elsewhere, path.join(dir, 'transcripts'));
    return { target: path.join(dir, 'w.execbox.json'), elsewhere };
  }

  it('opening a bundle into a folder whose transcripts entry is a link writes nothing there', async () => {
    const h = await withTranscript();
    const bundle = path.join(await tempDir(), 'share.execbox-bundle.json');
    await h.workspace.exportBundle(bundle);
    const { target, elsewhere } = await targetWithPlantedLink();
    await expect(h.workspace.openBundle(bundle, target)).rejects.toThrow(/transcripts is a link/);
    expect(await readdir(elsewhere)).toEqual([]);
    await expect(lstat(target)).rejects.toThrow(/ENOENT/);
  });

  it('save a copy into a folder whose transcripts entry is a link writes nothing there', async () => {
    const h = await withTranscript();
    const { target, elsewhere } = await targetWithPlantedLink();
    await expect(h.workspace.saveCopy(target)).rejects.toThrow(/transcripts is a link/);
    expect(await readdir(elsewhere)).toEqual([]);
  });

  it('saving a run beside a workspace whose transcripts entry is a link writes nothing there', async () => {
    const harness = await createDebugHostHarness(createScriptedExecutor());
    try {
      const elsewhere = await tempDir('execbox-elsewhere-');
      await symlink(elsewhere, path.join(harness.dir, 'transcripts'));
      const { runId } = await harness.runs.start({ code: JSON.stringify({ calls: [] }) });
      await harness.finished(runId);
      await expect(harness.debug.saveTranscript(runId, { name: 'r' })).rejects.toThrow(
        /transcripts is a link/,
      );
      expect(await readdir(elsewhere)).toEqual([]);
    } finally {
      await harness.dispose();
    }
  });
});
