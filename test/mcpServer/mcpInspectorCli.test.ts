import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../workspace/hostFixture';
import { buildCliForTests, TEST_CLI } from '../../scripts/buildCliForTests';
import { trustedServeArgs, writeTestWorkspace } from './mcpFixture';

const run = promisify(execFile);
const INSPECTOR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector/package.json')),
  'clients/launcher/build/index.js',
);

let serverArgs: string[];
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  await buildCliForTests();
  const workspace = await writeTestWorkspace();
  serverArgs = [process.execPath, TEST_CLI, 'mcp', ...trustedServeArgs(workspace)];
  // The Inspector keeps a catalog of servers in the home folder: keep it out of the real one.
  const home = await tempDir('execbox-inspector-home-');
  env = { ...process.env, HOME: home, MCP_CATALOG_PATH: path.join(home, 'mcp.json') };
}, 120_000);

async function inspector(args: string[]): Promise<unknown> {
  const { stdout } = await run(process.execPath, [INSPECTOR, '--cli', ...args], { env, timeout: 60_000 });
  return JSON.parse(stdout);
}

describe('the MCP Inspector CLI against execbox mcp', { timeout: 90_000 }, () => {
  it('tools/list over stdio', async () => {
    const listed = (await inspector(['--method', 'tools/list', '--', ...serverArgs])) as {
      tools: { name: string; description: string }[];
    };
    expect(listed.tools.map((tool) => tool.name)).toEqual(['execute', 'typings']);
    expect(listed.tools[0]!.description).toContain('declare namespace shop');
  });

  it('tools/call over stdio, a success and a guest error', async () => {
    const ok = await inspector([
      '--method',
      'tools/call',
      '--tool-name',
      'execute',
      '--tool-arg',
      'code=return (await shop.price({ item: "tea" })) + 1',
      '--',
      ...serverArgs,
    ]);
    expect(ok).toMatchObject({ structuredContent: { ok: true, result: 5 } });
    // The Inspector prints the result and exits non-zero on isError.
    const failed = inspector([
      '--method',
      'tools/call',
      '--tool-name',
      'execute',
      '--tool-arg',
      'code=undefinedThing()',
      '--',
      ...serverArgs,
    ]);
    await expect(failed).rejects.toMatchObject({
      stdout: expect.stringMatching(
        /"code": "runtime_error",\s+"message": "'undefinedThing' is not defined",\s+"name": "ReferenceError"/,
      ),
    });
  });

  describe('over Streamable HTTP with the token', () => {
    let stop: (() => void) | undefined;
    let url = '';
    const token = 'inspector-test-token';

    beforeAll(async () => {
      const { spawn } = await import('node:child_process');
      const child = spawn(serverArgs[0]!, [...serverArgs.slice(1), '--http', '127.0.0.1:0'], {
        env: { ...process.env, EXECBOX_TOKEN: token },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      stop = () => child.kill('SIGTERM');
      url = await new Promise<string>((resolve, reject) => {
        let text = '';
        child.stderr.on('data', (chunk) => {
          text += String(chunk);
          const match = /at (http:\/\/\S+\/mcp)/.exec(text);
          if (match) resolve(match[1]!);
        });
        child.once('exit', () => reject(new Error(`execbox mcp --http exited: ${text}`)));
      });
    }, 60_000);
    afterAll(() => stop?.());

    it('tools/list and tools/call', async () => {
      const header = ['--transport', 'http', '--header', `Authorization: Bearer ${token}`];
      const listed = (await inspector([url, ...header, '--method', 'tools/list'])) as { tools: unknown[] };
      expect(listed.tools).toHaveLength(2);
      const called = await inspector([
        url,
        ...header,
        '--method',
        'tools/call',
        '--tool-name',
        'execute',
        '--tool-arg',
        'code=return 6 * 7',
      ]);
      expect(called).toMatchObject({ structuredContent: { ok: true, result: 42 } });
    });
  });
});
