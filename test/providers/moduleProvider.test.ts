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

  it('says what is wrong with a module that exports the wrong shape, and where', async () => {
    const cases: [string, string][] = [
      ['export const answer = 42;', 'bad.mjs exports no tools (it exports answer): export `tools`'],
      ['export const tools = "get_forecast";', 'bad.mjs: tools is a string; it must be an array of tools'],
      ['export default () => 1;', 'bad.mjs: the default export is a function; it must be an array'],
      ['export default { tools: 5 };', 'bad.mjs: default.tools is a number'],
      [
        'export const tools = [{ name: "a" }];',
        "bad.mjs: tools[0] ('a').execute must be a function (input, context) => result, but it is missing",
      ],
      [
        'export const tools = [{ name: "a", handler() {} }];',
        "bad.mjs: tools[0] ('a') has an unknown field 'handler' (name the function execute); a tool has name, description, inputSchema, outputSchema, annotations, execute",
      ],
      [
        'export const tools = [{ name: "a", parameters: {}, execute() {} }];',
        "tools[0] ('a') has an unknown field 'parameters' (give the input JSON Schema as inputSchema)",
      ],
      ['export const tools = [{ execute() {} }];', 'bad.mjs: tools[0].name must be a non-empty string'],
      ['export const tools = [5];', 'bad.mjs: tools[0].name must be a non-empty string, but it is missing'],
      [
        'export const tools = [{ name: "a", execute() {} }, { name: "a", execute() {} }];',
        "bad.mjs: tools[1]: the tool name 'a' is used twice",
      ],
      [
        'export const tools = [{ name: "a", inputSchema: 5, execute() {} }];',
        "bad.mjs: tools[0] ('a').inputSchema must be a JSON Schema object, but it is a number",
      ],
      [
        'export const tools = { a: { name: "b", execute() {} } };',
        'bad.mjs: tools.a.name is "b", but its key is \'a\'',
      ],
      ['export const tools = { a: null };', 'bad.mjs: tools.a must be an object, but it is null'],
      [
        'export const tools = [{ name: "a", annotations: { readOnlyHint: "yes" }, execute() {} }];',
        "tools[0] ('a').annotations.readOnlyHint must be a boolean",
      ],
      [
        'export const tools = [{ name: "a", annotations: { safe: true }, execute() {} }];',
        "tools[0] ('a').annotations.safe is not a tool annotation",
      ],
      ['export const tools = ;', 'failed to load'],
    ];
    for (const [content, message] of cases) {
      const { load } = await moduleSource('bad.mjs', content);
      await expect(load(), content).rejects.toThrow(message);
    }
    const missing = await loadSource({
      id: 'm',
      name: 'local',
      kind: 'module',
      path: '/nonexistent/tools.mjs',
    });
    await expect(missing.load()).rejects.toThrow('module file /nonexistent/tools.mjs does not exist');
  });

  it('passes MCP-style annotations through to the tool list', async () => {
    const { load } = await moduleSource(
      'annotated.mjs',
      'export const tools = [{ name: "peek", annotations: { title: "Peek", readOnlyHint: true }, execute: () => 1 }];',
    );
    const provider = await load();
    expect(provider.tools.peek?.annotations).toEqual({ title: 'Peek', readOnlyHint: true });
    expect(await callTool(provider, 'peek', undefined)).toEqual({ ok: true, result: 1 });
  });
});
