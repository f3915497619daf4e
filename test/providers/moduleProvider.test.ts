import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { callTool } from './callTool';
import { loadSource, type LoadedSource } from './loadSource';

const loaded: LoadedSource[] = [];
afterEach(async () => {
  await Promise.all(loaded.splice(0).map((l) => l.source.dispose()));
});

async function moduleSource(file: string, content: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'execbox-module-'));
  await writeFile(path.join(dir, file), content);
  const source = await loadSource({ id: 'm', name: 'local', kind: 'module', path: file }, dir);
  loaded.push(source);
  return { ...source, dir };
}

const arrayModule = (greeting: string) => `
export const tools = [
  {
    name: 'greet',
    description: 'Greets someone.',
    inputSchema: { type: 'object', required: ['who'], properties: { who: { type: 'string' } } },
    outputSchema: { type: 'string' },
    async execute(input, context) {
      return '${greeting}, ' + input.who + ' from ' + context.providerName;
    },
  },
];
`;

describe('module provider', () => {
  it('loads tools from a trusted ES module (relative to the workspace folder) with typings', async () => {
    const { load } = await moduleSource('tools.mjs', arrayModule('Hello'));
    const provider = await load();
    expect(provider.types).toContain('Greets someone.');
    expect(await callTool(provider, 'greet', { who: 'Ada' })).toEqual({
      ok: true,
      result: 'Hello, Ada from local',
    });
    expect(await callTool(provider, 'greet', {})).toMatchObject({
      ok: false,
      error: { code: 'validation_error' },
    });
  });

  it('accepts a record of tools as the default export', async () => {
    const { load } = await moduleSource(
      'record.mjs',
      'export default { tools: { twice: { execute: (n) => n * 2 } } };',
    );
    expect(await callTool(await load(), 'twice', 21)).toEqual({ ok: true, result: 42 });
  });

  it('reports the file change and reloads the new code', async () => {
    const { load, reports, dir } = await moduleSource('tools.mjs', arrayModule('Hello'));
    const provider = await load();
    expect(await callTool(provider, 'greet', { who: 'A' })).toEqual({
      ok: true,
      result: 'Hello, A from local',
    });
    await writeFile(path.join(dir, 'tools.mjs'), arrayModule('Bonjour'));
    await expect.poll(() => reports.includes('tools'), { timeout: 20_000 }).toBe(true);
    expect(await callTool(await load(), 'greet', { who: 'A' })).toEqual({
      ok: true,
      result: 'Bonjour, A from local',
    });
  });

  it('says what is wrong with a module that exports no usable tools', async () => {
    const cases: [string, RegExp][] = [
      ['export const nothing = 1;', /exports no tools/],
      ['export const tools = [{ name: "a" }];', /tools\[0\]\.execute must be a function/],
      ['export const tools = [{ execute() {} }];', /tools\[0\]\.name must be a non-empty string/],
      [
        'export const tools = [{ name: "a", execute() {} }, { name: "a", execute() {} }];',
        /'a' is used twice/,
      ],
      [
        'export const tools = [{ name: "a", inputSchema: 5, execute() {} }];',
        /inputSchema must be a JSON Schema object/,
      ],
      ['export const tools = ;', /failed to load/],
    ];
    for (const [content, message] of cases) {
      const { load } = await moduleSource('bad.mjs', content);
      await expect(load()).rejects.toThrow(message);
    }
    const missing = await loadSource({
      id: 'm',
      name: 'local',
      kind: 'module',
      path: '/nonexistent/tools.mjs',
    });
    await expect(missing.load()).rejects.toThrow('module file /nonexistent/tools.mjs does not exist');
  });
});
