import { access, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProvidersEvent } from '../../src/shared/api/providers';
import { tempDir, writeWorkspace, hostsDisposedAfterEach } from './hostFixture';

const { host } = hostsDisposedAfterEach();

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** A module provider whose loading leaves a marker file, so a test can see whether it ran. */
async function moduleWorkspace() {
  const dir = await tempDir();
  const marker = path.join(dir, 'loaded.marker');
  await writeFile(
    path.join(dir, 'tools.mjs'),
    `import { writeFileSync } from 'node:fs';
writeFileSync(${JSON.stringify(marker)}, 'loaded');
export const tools = [{ name: 'ping', description: 'Pong.', execute: () => 'pong' }];
`,
  );
  const file = await writeWorkspace(path.join(dir, 'shared.execbox.json'), {
    providers: [
      { id: 'mod', name: 'local', kind: 'module', path: './tools.mjs' },
      {
        id: 'cmd',
        name: 'server',
        kind: 'mcp',
        transport: { type: 'stdio', command: 'definitely-not-run', args: ['--flag'] },
      },
    ],
  });
  return { dir, marker, file };
}

describe('trust', () => {
  it('asks before loading a module or spawning a command from a workspace someone else wrote', async () => {
    const { marker, file } = await moduleWorkspace();
    const { host: h } = await host({ workspacePath: file });
    const view = await h.workspace.get();
    expect(view.pendingTrust.map((t) => [t.providerName, t.kind])).toEqual([
      ['local', 'module'],
      ['server', 'command'],
    ]);
    expect(view.pendingTrust[1]?.what).toContain('definitely-not-run --flag');
    expect((await h.providers.list()).map((s) => s.state)).toEqual(['awaiting_trust', 'awaiting_trust']);
    expect(await h.resolvedProviders()).toEqual([]);
    expect(await exists(marker)).toBe(false);

    await h.workspace.answerTrust(view.pendingTrust[0]!.id, true);
    await h.workspace.answerTrust(view.pendingTrust[1]!.id, false);
    expect((await h.resolvedProviders()).map((p) => p.name)).toEqual(['local']);
    expect(await exists(marker)).toBe(true);
    const [local, server] = await h.providers.list();
    expect(local).toMatchObject({ state: 'ready', toolCount: 1 });
    expect(server).toMatchObject({ state: 'error', error: expect.stringContaining('declined') });
  });

  it('remembers each answer per file and per command, and asks again when the command changes', async () => {
    const { file } = await moduleWorkspace();
    const first = await host({ workspacePath: file });
    const [moduleQuestion, commandQuestion] = (await first.host.workspace.get()).pendingTrust;
    await first.host.workspace.answerTrust(moduleQuestion!.id, true);
    await first.host.workspace.answerTrust(commandQuestion!.id, false);
    await first.host.dispose();

    const second = await host({ workspacePath: file, configDir: first.configDir });
    expect((await second.host.workspace.get()).pendingTrust).toEqual([]);
    // Loading the trusted module takes a moment (longer on a loaded machine): wait for it first.
    expect((await second.host.resolvedProviders()).map((p) => p.name)).toEqual(['local']);
    expect((await second.host.providers.list()).map((s) => s.state)).toEqual(['ready', 'error']);
    await second.host.dispose();

    const doc = JSON.parse(await readFile(file, 'utf8'));
    doc.providers[1].transport.args = ['--other'];
    await writeFile(file, JSON.stringify(doc));
    const third = await host({ workspacePath: file, configDir: first.configDir });
    expect((await third.host.workspace.get()).pendingTrust.map((t) => t.providerName)).toEqual(['server']);
  });

  it('allows everything without asking when told to (CLI --trust)', async () => {
    const { marker, file } = await moduleWorkspace();
    const { host: h } = await host({ workspacePath: file, trustAll: true });
    expect((await h.workspace.get()).pendingTrust).toEqual([]);
    await h.resolvedProviders();
    expect(await exists(marker)).toBe(true);
    const server = (await h.providers.list())[1];
    expect(server).toMatchObject({ state: 'error', error: expect.stringContaining('definitely-not-run') });
  });

  it('refuses an unknown trust answer', async () => {
    const { host: h } = await host();
    await expect(h.workspace.answerTrust('nope', true)).rejects.toThrow(/no trust question/);
  });
});

describe('providers API', () => {
  async function emptyWorkspace() {
    const dir = await tempDir();
    const file = await writeWorkspace(path.join(dir, 'w.execbox.json'), {});
    return { file, ...(await host({ workspacePath: file, personPresent: () => true })) };
  }

  it('adds, edits and removes a provider, saving it and announcing new typings', async () => {
    const { host: h, file, events } = await emptyWorkspace();
    const added = await h.providers.add({
      name: 'notes',
      kind: 'mock',
      tools: { list_notes: { description: 'All notes.', response: { mode: 'fixed', result: [] } } },
    });
    await h.resolvedProviders();
    expect((await h.providers.list())[0]).toMatchObject({ id: added.id, state: 'ready', toolCount: 1 });
    expect(await h.providers.declarations()).toContain('list_notes');
    const typings = events.filter(
      (e): e is Extract<ProvidersEvent, { type: 'typings' }> => e.type === 'typings',
    );
    expect(typings.at(-1)?.declarations).toContain('list_notes');

    await h.providers.update(added.id, {
      name: 'notes',
      kind: 'mock',
      tools: { search_notes: { response: { mode: 'fixed', result: [] } } },
    });
    await h.resolvedProviders();
    expect(await h.providers.declarations()).toContain('search_notes');
    expect(await h.providers.declarations()).not.toContain('list_notes');
    expect(JSON.parse(await readFile(file, 'utf8')).providers[0].tools).toHaveProperty('search_notes');

    await h.providers.remove(added.id);
    expect(await h.providers.list()).toEqual([]);
    expect(await h.providers.declarations()).toBe('');
    expect(JSON.parse(await readFile(file, 'utf8')).providers).toEqual([]);
  });

  it('validates provider configs from the renderer and says what is wrong where', async () => {
    const { host: h, file } = await emptyWorkspace();
    const before = await readFile(file, 'utf8');
    const api = h.providers as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    await expect(
      api.add!({ name: 'x', kind: 'mcp', transport: { type: 'http', url: 'ftp://nope' } }),
    ).rejects.toThrow(/config\.transport\.url/);
    await expect(api.add!({ name: 'bad-name', kind: 'mock', tools: {} })).rejects.toThrow(/config\.name/);
    await expect(api.add!('nope')).rejects.toThrow(/config must be an object/);
    await h.providers.add({ name: 'one', kind: 'mock', tools: {} });
    await expect(api.add!({ name: 'one', kind: 'mock', tools: {} })).rejects.toThrow(
      /named 'one' exists already/,
    );
    await expect(api.update!('missing', { name: 'z', kind: 'mock', tools: {} })).rejects.toThrow(
      /no provider has id/,
    );
    await expect(api.answerManualCall!('r', { ok: 'yes' })).rejects.toThrow(/answer\.ok/);
    expect(JSON.parse(await readFile(file, 'utf8')).providers).toHaveLength(1);
    expect(before).not.toContain('one');
  });

  it('tests a connection without saving anything', async () => {
    const { host: h, file } = await emptyWorkspace();
    const before = await readFile(file, 'utf8');
    const ok = await h.providers.test({
      name: 'm',
      kind: 'mock',
      tools: { a: { response: { mode: 'fixed', result: 1 } } },
    });
    expect(ok).toMatchObject({ ok: true, toolCount: 1, tools: [{ safeName: 'a', originalName: 'a' }] });
    const broken = await h.providers.test({ name: 'm', kind: 'module', path: './missing.mjs' });
    expect(broken).toMatchObject({ ok: false, error: expect.stringContaining('does not exist') });
    expect(await readFile(file, 'utf8')).toBe(before);
    expect(await h.providers.list()).toEqual([]);
  });

  it('answers a manual call through the API', async () => {
    const { host: h, events } = await emptyWorkspace();
    await h.providers.add({ name: 'desk', kind: 'mock', tools: { ask: { response: { mode: 'manual' } } } });
    const [desk] = await h.resolvedProviders();
    const pending = desk!.tools.ask!.call(
      { q: 1 },
      {
        signal: new AbortController().signal,
        providerName: 'desk',
        safeToolName: 'ask',
        originalToolName: 'ask',
      },
    );
    await expect.poll(() => events.some((e) => e.type === 'manual_call')).toBe(true);
    const [call] = await h.providers.pendingManualCalls();
    expect(call).toMatchObject({ providerName: 'desk', toolName: 'ask', input: { q: 1 } });
    await h.providers.answerManualCall(call!.requestId, { ok: true, result: 'yes' });
    expect(await pending).toEqual({ ok: true, result: 'yes' });
  });
});

describe('host confirmation the renderer cannot forge (confirmTrust)', () => {
  it('needs the host confirmation for every allow: answered questions and providers added through the API', async () => {
    const { marker, file } = await moduleWorkspace();
    const asked: string[] = [];
    let verdict = false;
    const { host: h } = await host({
      workspacePath: file,
      confirmTrust: async (request) => {
        asked.push(request.providerName);
        return verdict;
      },
    });
    const [moduleQuestion] = (await h.workspace.get()).pendingTrust;
    await h.workspace.answerTrust(moduleQuestion!.id, true);
    expect(asked).toEqual(['local']);
    expect(await exists(marker)).toBe(false);
    expect((await h.providers.list())[0]).toMatchObject({
      state: 'error',
      error: expect.stringContaining('declined'),
    });

    verdict = true;
    await h.providers.add({ name: 'again', kind: 'module', path: './tools.mjs' });
    expect(asked).toEqual(['local', 'again']);
    await h.resolvedProviders();
    expect(await exists(marker)).toBe(true);
    expect((await h.providers.list()).find((s) => s.name === 'again')).toMatchObject({ state: 'ready' });
  });
});
