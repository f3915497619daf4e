import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderRegistry } from '../../src/main/providers/ProviderRegistry';
import { MAX_JSON_NESTING } from '../../src/shared/findTooDeepNesting';
import { loadWorkspaceFile } from '../../src/main/services/workspace/loadWorkspaceFile';
import { unpackWorkspaceBundle } from '../../src/main/services/workspace/unpackWorkspaceBundle';
import { createTranscriptFilePages } from '../../src/main/services/debug/createTranscriptFilePages';
import { sampleHeader } from '../debug/sampleTranscript';
import { startHost, tempDir, type HostFixture } from './hostFixture';

const hosts: HostFixture[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(hosts.splice(0).map((f) => f.host.dispose()));
});

const nested = (levels: number, inner = '1') => `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;
const mockProvider = (i: number, result = '1') =>
  `{"id":"p${i}","name":"p${i}","kind":"mock","tools":{"t":{"description":"d","inputSchema":{"type":"object"},"response":{"mode":"fixed","result":${result}}}}}`;

describe('workspace files built to break the loader', () => {
  it('refuses a file nested 100,000 levels with the file name, the place and the limit', async () => {
    const file = path.join(await tempDir(), 'deep.execbox.json');
    await writeFile(
      file,
      `{"formatVersion":1,"name":"x","providers":[],"snippets":[],"extra":${nested(100_000)}}`,
    );
    const failure = await loadWorkspaceFile(file).then(
      () => new Error('the file loaded'),
      (error: unknown) => error as Error,
    );
    expect(failure.message).toContain(`${file} cannot be read`);
    expect(failure.message).toContain(`too deeply nested at ${file}:1:`);
    expect(failure.message).toContain(`more than ${MAX_JSON_NESTING} levels`);
    expect(failure.message).not.toMatch(/call stack/i);
  });

  it('is not fooled by brackets inside strings, and reads nesting up to the limit', async () => {
    const file = path.join(await tempDir(), 'fine.execbox.json');
    const deepResult = nested(MAX_JSON_NESTING - 8);
    const brackets = JSON.stringify('['.repeat(5000) + '\\"{');
    await writeFile(
      file,
      `{"formatVersion":1,"name":"x","providers":[${mockProvider(0, deepResult)}],"snippets":[{"id":"s","name":"s","code":${brackets}}]}`,
    );
    const doc = await loadWorkspaceFile(file);
    expect(doc.providers).toHaveLength(1);
  });

  it('opens a workspace of 500 providers with a constant number of status announcements', async () => {
    const count = 500;
    const file = path.join(await tempDir(), 'many.execbox.json');
    const providers = Array.from({ length: count }, (_, i) => mockProvider(i)).join(',');
    await writeFile(file, `{"formatVersion":1,"name":"many","providers":[${providers}],"snippets":[]}`);
    const statuses = vi.spyOn(ProviderRegistry.prototype, 'statuses');
    const declarations = vi.spyOn(ProviderRegistry.prototype, 'declarations');
    const fixture = await startHost({ workspacePath: file });
    hosts.push(fixture);
    expect((await fixture.host.resolvedProviders()).length).toBe(count);
    // Opening is linear: each announcement lists every provider, so there must be few of them.
    expect(statuses.mock.calls.length).toBeLessThan(count / 10);
    expect(declarations.mock.calls.length).toBeLessThan(count / 10);
  });
});

describe('every reader of outside JSON names the place of too deep nesting before walking it', () => {
  const deep = nested(200_000);

  it('a bundle', async () => {
    const bundle = path.join(await tempDir(), 'deep.execbox-bundle.json');
    const workspace = `{"formatVersion":1,"name":"x","providers":[],"snippets":[],"extra":${deep}}`;
    await writeFile(bundle, `{"execboxBundle":1,"workspace":${workspace},"transcripts":{}}`);
    const failure = await unpackWorkspaceBundle(bundle, path.join(await tempDir(), 'w.execbox.json')).then(
      () => new Error('the bundle opened'),
      (error: unknown) => error as Error,
    );
    expect(failure.message).toContain(`too deeply nested at ${bundle}:1:`);
    expect(failure.message).not.toMatch(/call stack/i);
  });

  it('a transcript, on the line where it happens', async () => {
    const file = path.join(await tempDir(), 'deep.jsonl');
    const header = JSON.stringify(sampleHeader());
    await writeFile(file, `${header}\n{"seq":0,"value":${deep}}\n`);
    const checked = await createTranscriptFilePages().check(file);
    expect(checked.count).toBe(0);
    expect(checked.problems[0]).toMatchObject({
      line: 2,
      reason: expect.stringContaining(`too deeply nested at ${file}:2:`),
    });
  });
});
