import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildCliForTests } from '../../scripts/buildCliForTests';
import { TEST_RUNNER_ENTRY } from '../../scripts/buildRunnerForTests';
import { parseTranscript } from '../../src/shared/transcriptFile';
import { tempDir, writeWorkspace } from '../workspace/hostFixture';
import { cliStdioTransport, connectClient, MCP_TEST_PROVIDERS } from './mcpFixture';

beforeAll(() => buildCliForTests(), 120_000);

let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

// Issue 37: a workspace whose runs go to a runner command serves agents on that runner too.
describe('execbox mcp on a workspace whose executor is a runner command', { timeout: 60_000 }, () => {
  it('runs the agent’s code on the command runner, tool calls and all, and records that runner', async () => {
    const dir = await tempDir('execbox-mcp-command-');
    const runner = { command: process.execPath, args: [TEST_RUNNER_ENTRY, '--stdio'] };
    const file = await writeWorkspace(path.join(dir, 'w.execbox.json'), {
      providers: MCP_TEST_PROVIDERS,
      runtime: { limits: {}, executor: { kind: 'command', ...runner, mode: 'pooled' } },
    } as never);
    const transcripts = path.join(dir, 'runs');
    client = await connectClient(
      cliStdioTransport([
        '--workspace',
        file,
        '--trust',
        '--config-dir',
        path.join(dir, 'config'),
        '--transcript-dir',
        transcripts,
      ]),
    );
    const result = await client.callTool({
      name: 'execute',
      arguments: { code: 'return (await shop.price({ item: "pen" })) * 2;' },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ ok: true, result: 8 });

    const [saved] = await readdir(transcripts);
    const parsed = parseTranscript(await readFile(path.join(transcripts, saved!), 'utf8'));
    expect(parsed.problems).toEqual([]);
    expect(parsed.header?.runner).toMatchObject({ kind: 'command', ...runner });
    expect(parsed.entries.some((e) => e.kind === 'message' && e.message.type === 'tool_call')).toBe(true);
  });
});
