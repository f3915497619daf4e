import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startHost, tempDir, type HostFixture } from './hostFixture';

let fixture: HostFixture | undefined;
afterEach(async () => {
  await fixture?.host.dispose();
  fixture = undefined;
});

describe('connecting honours the provider timeout', () => {
  it('"Test connection" to a server that never answers fails after the configured timeout and stops the process', async () => {
    const dir = await tempDir();
    const pidFile = path.join(dir, 'pid');
    const silent = path.join(dir, 'silent.mjs');
    // Reads stdin forever and never answers `initialize`.
    await writeFile(
      silent,
      `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(pidFile)}, String(process.pid));\nprocess.stdin.resume();\n`,
    );
    fixture = await startHost({ workspacePath: undefined, trustAll: true });
    const outcome = await fixture.host.providers.test({
      name: 'silent',
      kind: 'mcp',
      transport: { type: 'stdio', command: process.execPath, args: [silent] },
      requestTimeoutMs: 1000,
    });
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatch(/timed out/i);
    const pid = Number(await readFile(pidFile, 'utf8'));
    await expect
      .poll(
        () => {
          try {
            process.kill(pid, 0);
            return 'running';
          } catch {
            return 'stopped';
          }
        },
        { timeout: 20_000 },
      )
      .toBe('stopped');
  }, 20_000);
});
