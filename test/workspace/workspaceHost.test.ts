import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../src/shared/rpc/invalidArgumentError';
import { hostsDisposedAfterEach, startHost, tempDir, writeWorkspace } from './hostFixture';

const { host } = hostsDisposedAfterEach();

describe('workspace host', () => {
  it('opens the built-in demo on first start, offline, with every provider ready and typed', async () => {
    const { host: h, configDir } = await host();
    const view = await h.workspace.get();
    expect(view.path).toBe(path.join(configDir, 'workspaces', 'demo.execbox.json'));
    expect(view.pendingTrust).toEqual([]);
    expect(view.snippets.length).toBeGreaterThanOrEqual(5);
    const providers = await h.resolvedProviders();
    expect(providers.map((p) => p.name)).toEqual(['github', 'weather', 'crm']);
    const statuses = await h.providers.list();
    expect(statuses.every((s) => s.state === 'ready')).toBe(true);
    const declarations = await h.providers.declarations();
    for (const tool of ['search_issues', 'forecast', 'approve_refund']) expect(declarations).toContain(tool);
  });

  it('reopens the last workspace on the next start', async () => {
    const first = await host();
    const dir = await tempDir();
    const file = path.join(dir, 'mine.execbox.json');
    await first.host.workspace.saveAs(file);
    await first.host.dispose();
    const second = await host({ configDir: first.configDir });
    expect((await second.host.workspace.get()).path).toBe(file);
  });

  it('keeps an edit made outside the playground: its own change goes to a conflict copy, with a warning', async () => {
    const dir = await tempDir();
    const file = await writeWorkspace(path.join(dir, 'w.execbox.json'), {});
    const { host: h } = await host({ workspacePath: file });
    const outside = JSON.stringify({ formatVersion: 1, name: 'edited by hand', providers: [], snippets: [] });
    await writeFile(file, outside);
    await h.workspace.createSnippet('mine', 'return 1');
    expect(await readFile(file, 'utf8')).toBe(outside);
    const copy = JSON.parse(await readFile(path.join(dir, 'w.conflict.execbox.json'), 'utf8'));
    expect(copy.snippets.map((s: { name: string }) => s.name)).toEqual(['mine']);
    expect((await h.workspace.get()).warnings.join(' ')).toContain('changed outside the playground');
  });

  it('saves every change atomically to the file and announces it', async () => {
    const dir = await tempDir();
    const file = await writeWorkspace(path.join(dir, 'w.execbox.json'), {});
    const { host: h, events } = await host({ workspacePath: file });
    const snippet = await h.workspace.createSnippet('hello', 'return 1');
    await h.workspace.updateSnippet(snippet.id, { code: 'return 2' });
    await h.workspace.setActiveSnippet(snippet.id);
    await h.workspace.setRuntimeSettings({
      limits: { timeoutMs: 900 },
      executor: { kind: 'process', mode: 'ephemeral' },
    });
    const saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved.snippets).toEqual([{ id: snippet.id, name: 'hello', code: 'return 2' }]);
    expect(saved.activeSnippetId).toBe(snippet.id);
    expect(h.runtimeSettings()).toMatchObject({
      limits: { timeoutMs: 900, maxLogLines: 100 },
      executor: { kind: 'process', mode: 'ephemeral' },
    });
    expect(events.filter((e) => e.channel === 'workspace').length).toBeGreaterThanOrEqual(4);
    await h.workspace.deleteSnippet(snippet.id);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ snippets: [], activeSnippetId: null });
  });

  it('refuses bad arguments with a clear error and changes nothing', async () => {
    const dir = await tempDir();
    const file = await writeWorkspace(path.join(dir, 'w.execbox.json'), {});
    const before = await readFile(file, 'utf8');
    const { host: h } = await host({ workspacePath: file });
    const api = h.workspace as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    await expect(api.createSnippet!(42)).rejects.toThrow(new InvalidArgumentError('name must be a string'));
    await expect(api.updateSnippet!('nope', {})).rejects.toThrow(/no snippet has id 'nope'/);
    await expect(api.setRuntimeSettings!({ limits: { timeoutMs: -5 } })).rejects.toThrow(
      /\$\.runtime\.limits\.timeoutMs: must be >= 1/,
    );
    await expect(api.setRuntimeSettings!({ executor: { kind: 'gpu' } })).rejects.toThrow(
      /'kind' must be one of/,
    );
    await expect(api.setSecret!('bad name', 'x')).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(api.saveAs!('/tmp/no-suffix.json')).rejects.toThrow(/\*\.execbox\.json/);
    expect(await readFile(file, 'utf8')).toBe(before);
  });

  it('reports a broken workspace with file and position, keeps the open one, and never rewrites the broken file', async () => {
    const dir = await tempDir();
    const good = await writeWorkspace(path.join(dir, 'good.execbox.json'), { name: 'good' });
    const broken = path.join(dir, 'broken.execbox.json');
    const brokenText =
      '{\n  "formatVersion": 1,\n  "name": "b",\n  "providers": [ { "id": "x" } ],\n  "snippets": []\n}';
    await writeFile(broken, brokenText);
    const { host: h } = await host({ workspacePath: good });
    await expect(h.workspace.open(broken)).rejects.toThrow(`${broken}:4:18: $.providers[0]`);
    expect((await h.workspace.get()).name).toBe('good');
    await h.workspace.createSnippet('still works');
    expect(await readFile(broken, 'utf8')).toBe(brokenText);
    await expect(h.workspace.open(path.join(dir, 'missing.execbox.json'))).rejects.toThrow(/does not exist/);
  });

  it('refuses to start on a broken explicit workspace', async () => {
    const dir = await tempDir();
    const broken = path.join(dir, 'b.execbox.json');
    await writeFile(broken, '{ not json');
    await expect(startHost({ workspacePath: broken })).rejects.toThrow(
      /b\.execbox\.json is not valid JSON:\n {2}.*:1:3:/,
    );
  });

  it('falls back to the demo with a warning when the last workspace became unreadable', async () => {
    const first = await host();
    const dir = await tempDir();
    const file = path.join(dir, 'gone.execbox.json');
    await first.host.workspace.saveAs(file);
    await first.host.dispose();
    await writeFile(file, '[]');
    const second = await host({ configDir: first.configDir });
    const view = await second.host.workspace.get();
    expect(view.name).toBe('Execbox demo');
    expect(view.warnings[0]).toMatch(/could not be opened.*gone\.execbox\.json/s);
    expect(await readFile(file, 'utf8')).toBe('[]');
  });

  it('keeps secret values out of the workspace file and the views; reports missing ones by name', async () => {
    const dir = await tempDir();
    const file = await writeWorkspace(path.join(dir, 'w.execbox.json'), {});
    const { host: h } = await host({ workspacePath: file });
    await h.providers.add({
      name: 'tp',
      kind: 'tpmjs',
      baseUrl: 'http://127.0.0.1:9',
      apiKey: '${secret:TPMJS_KEY}',
      env: { TOKEN: '${secret:UPSTREAM}' },
      tools: ['@tpmjs/hello@1.0.0::helloWorldTool'],
    });
    expect((await h.workspace.get()).missingSecrets).toEqual(['TPMJS_KEY', 'UPSTREAM']);
    await h.workspace.setSecret('TPMJS_KEY', 'value-of-the-key');
    await h.workspace.setSecret('UPSTREAM', 'value-upstream');
    expect(await h.workspace.listSecrets()).toEqual(['TPMJS_KEY', 'UPSTREAM']);
    const view = await h.workspace.get();
    expect(view.missingSecrets).toEqual([]);
    const everything = JSON.stringify([view, await h.providers.list()]) + (await readFile(file, 'utf8'));
    expect(everything).not.toContain('value-of-the-key');
    expect(everything).not.toContain('value-upstream');
    expect(everything).toContain('${secret:TPMJS_KEY}');
  });

  it('records transcript references relative to the workspace folder', async () => {
    const dir = await tempDir();
    const file = await writeWorkspace(path.join(dir, 'w.execbox.json'), {});
    const { host: h } = await host({ workspacePath: file });
    const ref = await h.workspace.addTranscript({
      name: 'first run',
      file: path.join(dir, 'transcripts', 'a.jsonl'),
    });
    expect(ref.file).toBe(path.join(dir, 'transcripts', 'a.jsonl'));
    expect(JSON.parse(await readFile(file, 'utf8')).transcripts).toEqual([
      { id: ref.id, name: 'first run', file: path.join('transcripts', 'a.jsonl'), savedAt: ref.savedAt },
    ]);
    expect((await h.workspace.get()).transcripts).toEqual([ref]);
    await h.workspace.removeTranscript(ref.id);
    expect((await h.workspace.get()).transcripts).toEqual([]);
  });

  it('creates a fresh demo copy on request, refusing to overwrite', async () => {
    const { host: h } = await host();
    const dir = await tempDir();
    const file = path.join(dir, 'copy.execbox.json');
    await h.workspace.createFromDemo(file);
    expect((await stat(file)).isFile()).toBe(true);
    await expect(h.workspace.createFromDemo(file)).rejects.toThrow(/exists already/);
  });
});
