import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTranscript } from '../../src/shared/transcriptFile';
import { createExecboxMcpServer } from '../../src/main/faces/mcp/createExecboxMcpServer';
import { startMcpHttpServer } from '../../src/main/faces/mcp/startMcpHttpServer';
import { tempDir } from '../workspace/hostFixture';
import { connectHttpClient, openTestHost } from './mcpFixture';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

describe(
  '--transcript-dir records every agent run, whatever the client calls itself',
  { timeout: 60_000 },
  () => {
    it('a client name of 500 characters with control characters is shortened, and the transcript is saved', async () => {
      const transcriptDir = path.join(await tempDir('execbox-mcp-names-'), 'runs');
      const warnings: string[] = [];
      const { host } = await openTestHost();
      const server = await startMcpHttpServer({
        createServer: () =>
          createExecboxMcpServer({ host, transcriptDir, warn: (message) => warnings.push(message) }),
      });
      const client = await connectHttpClient(server, `dodger\n${'x'.repeat(500)}`);
      cleanup.push(
        () => host.dispose(),
        () => server.close(),
        () => client.close(),
      );
      await client.callTool({ name: 'execute', arguments: { code: 'return 1' } });
      expect(warnings).toEqual([]);
      const [file] = await readdir(transcriptDir);
      expect(file).toMatch(/^dodger-x+-\d{4}-.*\.jsonl$/);
      const parsed = parseTranscript(await readFile(path.join(transcriptDir, file!), 'utf8'));
      expect(parsed.header?.name).toMatch(/^dodger x{90,}… run$/);
    });
  },
);
