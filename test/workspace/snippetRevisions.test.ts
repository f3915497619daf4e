import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WriteConflictError } from '../../src/shared/rpc/writeConflictError';
import { InvalidArgumentError } from '../../src/shared/rpc/invalidArgumentError';
import { invokeRpcRequest } from '../../src/shared/rpc/invokeRpcRequest';
import { textRevision } from '../../src/shared/textRevision';
import { startHost, tempDir, writeWorkspace, type HostFixture } from './hostFixture';

const hosts: HostFixture[] = [];
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((f) => f.host.dispose()));
});

async function hostWithSnippet(code: string) {
  const dir = await tempDir();
  const file = await writeWorkspace(path.join(dir, 'w.execbox.json'), {
    snippets: [{ id: 's', name: 'Shared', code }],
    activeSnippetId: 's',
  });
  const fixture = await startHost({ workspacePath: file });
  hosts.push(fixture);
  return { ...fixture, file };
}

const savedCode = async (file: string) =>
  (JSON.parse(await readFile(file, 'utf8')) as { snippets: { code: string }[] }).snippets[0]!.code;

describe('revision-checked snippet writes', () => {
  it('shows each snippet with the revision of its code', async () => {
    const { host } = await hostWithSnippet('return 1');
    const view = await host.workspace.get();
    expect(view.snippets[0]!.revision).toBe(textRevision('return 1'));
    expect(view.savedToFile).toBe(true);
  });

  it('writes when the writer saw the current revision and returns the new one', async () => {
    const { host, file } = await hostWithSnippet('return 1');
    const result = await host.workspace.updateSnippet(
      's',
      { code: 'return 2' },
      { codeRevision: textRevision('return 1') },
    );
    expect(result).toEqual({ revision: textRevision('return 2') });
    expect(await savedCode(file)).toBe('return 2');
  });

  it('refuses a stale write from a second tab: the first tab’s text stays in the file', async () => {
    const { host, file, events } = await hostWithSnippet('base');
    const seen = textRevision('base');
    await host.workspace.updateSnippet('s', { code: 'base\nfrom tab A' }, { codeRevision: seen });
    const before = events.length;
    await expect(
      host.workspace.updateSnippet('s', { code: 'base\nfrom tab B' }, { codeRevision: seen }),
    ).rejects.toBeInstanceOf(WriteConflictError);
    expect(await savedCode(file)).toBe('base\nfrom tab A');
    expect(events.length).toBe(before);
    // Tab B, having seen A's text, may now write over it on purpose.
    await host.workspace.updateSnippet(
      's',
      { code: 'base\nfrom tab B' },
      { codeRevision: textRevision('base\nfrom tab A') },
    );
    expect(await savedCode(file)).toBe('base\nfrom tab B');
  });

  it('answers a stale write over the RPC layer as a conflict, in words, without the method name', async () => {
    const { host } = await hostWithSnippet('one');
    await host.workspace.updateSnippet('s', { code: 'two' });
    const response = await invokeRpcRequest({ workspace: host.workspace } as never, {
      type: 'request',
      id: 1,
      namespace: 'workspace',
      method: 'updateSnippet',
      args: ['s', { code: 'three' }, { codeRevision: textRevision('one') }],
    });
    expect(response).toMatchObject({
      ok: false,
      error: { kind: 'conflict', where: 'workspace.updateSnippet' },
    });
    const message = (response as { error: { message: string } }).error.message;
    expect(message).toMatch(/^"Shared" was changed in another tab/);
    expect(message).not.toContain('workspace.');
  });

  it('rejects malformed expectations before anything changes', async () => {
    const { host, file } = await hostWithSnippet('keep');
    for (const bad of [
      null,
      'rev',
      { codeRevision: 5 },
      { codeRevision: 'x', extra: 1 },
      { codeRevision: 'x'.repeat(65) },
    ]) {
      await expect(
        host.workspace.updateSnippet('s', { code: 'changed' }, bad as never),
      ).rejects.toBeInstanceOf(InvalidArgumentError);
    }
    expect(await savedCode(file)).toBe('keep');
  });

  it('reports that the file does not hold the document after an outside edit sent a save to the conflict copy', async () => {
    const { host, file } = await hostWithSnippet('x');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(file, JSON.stringify({ formatVersion: 1, name: 'by hand', providers: [], snippets: [] }));
    await host.workspace.rename('renamed here');
    expect((await host.workspace.get()).savedToFile).toBe(false);
  });
});

describe('textRevision', () => {
  it('tells apart texts that differ anywhere, including by order or length', () => {
    const texts = ['', 'a', 'b', 'ab', 'ba', 'a\n', 'a'.repeat(1000), 'a'.repeat(1001), 'é', 'e\u0301'];
    expect(new Set(texts.map(textRevision)).size).toBe(texts.length);
    expect(textRevision('same')).toBe(textRevision('same'));
  });
});
