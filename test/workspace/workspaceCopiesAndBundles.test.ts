import { mkdir, readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WriteConflictError } from '../../src/shared/rpc/writeConflictError';
import { parseWorkspaceBundle } from '../../src/main/services/workspace/parseWorkspaceBundle';
import { WorkspaceFileError } from '../../src/main/services/workspace/WorkspaceFileError';
import { startHost, tempDir, writeWorkspace, type HostFixture } from './hostFixture';

const hosts: HostFixture[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((f) => f.host.dispose()));
});

const SECRET = 'sk-live-very-secret-value-123';

async function workspaceWithTranscript() {
  const dir = await tempDir();
  await mkdir(path.join(dir, 'transcripts'));
  await writeFile(path.join(dir, 'transcripts', 'baseline.jsonl'), `{"line":"token ${SECRET} here"}\n`);
  const file = await writeWorkspace(path.join(dir, 'w.execbox.json'), {
    name: 'Shared',
    snippets: [{ id: 's', name: 'One', code: 'return 1' }],
    providers: [
      {
        id: 'p',
        name: 'remote',
        kind: 'mcp',
        transport: {
          type: 'http',
          url: 'http://127.0.0.1:9/mcp',
          headers: { authorization: '${secret:API_TOKEN}' },
        },
      } as never,
    ],
    transcripts: [{ id: 't', name: 'baseline', file: 'transcripts/baseline.jsonl' }],
  });
  const fixture = await startHost({ workspacePath: file });
  hosts.push(fixture);
  await fixture.host.workspace.setSecret('API_TOKEN', SECRET);
  return { ...fixture, dir, file };
}

describe('save as and save a copy', () => {
  it('save a copy keeps the open workspace and takes the saved transcripts along', async () => {
    const { host, file } = await workspaceWithTranscript();
    const target = path.join(await tempDir(), 'copy.execbox.json');
    const saved = await host.workspace.saveCopy(target);
    expect(saved).toEqual({ path: target, warnings: [] });
    expect((await host.workspace.get()).path).toBe(file);
    const copy = JSON.parse(await readFile(target, 'utf8'));
    expect(copy.transcripts[0].file).toBe('transcripts/baseline.jsonl');
    expect(await readFile(path.join(path.dirname(target), copy.transcripts[0].file), 'utf8')).toContain(
      'line',
    );
    // Later edits go to the open file only.
    await host.workspace.rename('still the original');
    expect(JSON.parse(await readFile(target, 'utf8')).name).toBe('Shared');
  });

  it('save as switches to the copy, whose transcripts resolve beside it', async () => {
    const { host } = await workspaceWithTranscript();
    const target = path.join(await tempDir(), 'moved.execbox.json');
    const view = await host.workspace.saveAs(target);
    expect(view.path).toBe(target);
    expect(view.transcripts[0]!.file).toBe(path.join(path.dirname(target), 'transcripts', 'baseline.jsonl'));
  });

  it('refuses to overwrite an existing file without confirmation, and replaces it with one', async () => {
    const { host } = await workspaceWithTranscript();
    const target = await writeWorkspace(path.join(await tempDir(), 'taken.execbox.json'), { name: 'theirs' });
    await expect(host.workspace.saveAs(target)).rejects.toBeInstanceOf(WriteConflictError);
    await expect(host.workspace.saveCopy(target)).rejects.toThrow(/exists already/);
    expect(JSON.parse(await readFile(target, 'utf8')).name).toBe('theirs');
    await host.workspace.saveCopy(target, { overwrite: true });
    expect(JSON.parse(await readFile(target, 'utf8')).name).toBe('Shared');
    await expect(host.workspace.saveCopy(target, { overwrite: 'yes' } as never)).rejects.toThrow(
      /options.overwrite must be true or false/,
    );
  });
});

describe('bundles', () => {
  it('round-trips to another config folder: workspace, snippets, transcripts; secrets by name only', async () => {
    const { host } = await workspaceWithTranscript();
    const bundle = path.join(await tempDir(), 'share.execbox-bundle.json');
    const exported = await host.workspace.exportBundle(bundle);
    expect(exported).toMatchObject({ path: bundle, secrets: ['API_TOKEN'], warnings: [] });
    const text = await readFile(bundle, 'utf8');
    expect(text).not.toContain(SECRET);
    expect(text).toContain('${secret:API_TOKEN}');

    const colleague = await startHost();
    hosts.push(colleague);
    const target = path.join(await tempDir(), 'from-bundle.execbox.json');
    const view = await colleague.host.workspace.openBundle(bundle, target);
    expect(view.path).toBe(target);
    expect(view.name).toBe('Shared');
    expect(view.snippets.map((s) => s.code)).toEqual(['return 1']);
    expect(view.missingSecrets).toEqual(['API_TOKEN']);
    expect(await readFile(view.transcripts[0]!.file, 'utf8')).toContain('"line"');
  });

  it('never writes over files already beside the target: a planted link stays untouched', async () => {
    const { host } = await workspaceWithTranscript();
    const bundle = path.join(await tempDir(), 'share.execbox-bundle.json');
    await host.workspace.exportBundle(bundle);
    const dir = await tempDir();
    const victim = path.join(dir, 'victim.txt');
    await writeFile(victim, 'keep me');
    await mkdir(path.join(dir, 'transcripts'));
    await symlink(victim, path.join(dir, 'transcripts', 'baseline.jsonl'));
    const view = await host.workspace.openBundle(bundle, path.join(dir, 'w.execbox.json'));
    expect(await readFile(victim, 'utf8')).toBe('keep me');
    expect(view.transcripts[0]!.file).toBe(path.join(dir, 'transcripts', 'baseline-2.jsonl'));
  });
});

describe('hostile bundles are refused with the file and the place, and write nothing', () => {
  const workspace = { formatVersion: 1, name: 'x', providers: [], snippets: [] };
  const cases: [string, unknown, RegExp][] = [
    ['not JSON', '{', /is not valid JSON/],
    ['not an object', [1], /\$: must be an object/],
    ['another version', { execboxBundle: 2, workspace }, /\$\.execboxBundle: must be 1/],
    ['unknown fields', { execboxBundle: 1, workspace, run: 'rm -rf' }, /unknown field\(s\) run/],
    ['a broken workspace', { execboxBundle: 1, workspace: { formatVersion: 1 } }, /its workspace/],
    [
      'a path-traversal transcript name',
      {
        execboxBundle: 1,
        workspace: {
          ...workspace,
          transcripts: [{ id: 't', name: 'x', file: 'transcripts/../../evil.jsonl' }],
        },
        transcripts: { '../../evil.jsonl': '{}' },
      },
      /plain file name/,
    ],
    [
      'an absolute transcript name',
      { execboxBundle: 1, workspace, transcripts: { '/etc/passwd.jsonl': '' } },
      /plain file name/,
    ],
    [
      'a reference to a file it does not carry',
      {
        execboxBundle: 1,
        workspace: { ...workspace, transcripts: [{ id: 't', name: 'x', file: '/home/me/.ssh/id_rsa' }] },
        transcripts: {},
      },
      /must name a transcript the bundle carries/,
    ],
    [
      'a transcript that is not text',
      { execboxBundle: 1, workspace, transcripts: { 'a.jsonl': { x: 1 } } },
      /transcript text/,
    ],
    ['bad secret names', { execboxBundle: 1, workspace, secrets: ['__proto__ x'] }, /\$\.secrets/],
  ];
  it.each(cases)('%s', async (_label, content, message) => {
    const text = typeof content === 'string' ? content : JSON.stringify(content);
    expect(() => parseWorkspaceBundle(text, '/tmp/b.execbox-bundle.json')).toThrow(WorkspaceFileError);
    expect(() => parseWorkspaceBundle(text, '/tmp/b.execbox-bundle.json')).toThrow(message);
  });

  it('a refused bundle leaves the target folder empty and the open workspace open', async () => {
    const { host, file } = await workspaceWithTranscript();
    const dir = await tempDir();
    const bundle = path.join(dir, 'bad.execbox-bundle.json');
    await writeFile(bundle, JSON.stringify({ execboxBundle: 1, workspace, transcripts: { '..': 'x' } }));
    const out = path.join(dir, 'out');
    await expect(host.workspace.openBundle(bundle, path.join(out, 'w.execbox.json'))).rejects.toThrow(
      /bad\.execbox-bundle\.json is not a valid execbox bundle/,
    );
    await expect(readdir(out)).rejects.toThrow();
    expect((await host.workspace.get()).path).toBe(file);
  });
});
