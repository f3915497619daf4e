import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCliForTests } from '../../scripts/buildCliForTests';
import { startCliHttp, writeTestWorkspace } from './mcpFixture';

beforeAll(() => buildCliForTests(), 120_000);

describe('execbox mcp --http keeps its token', { timeout: 60_000 }, () => {
  it('the same token after a restart (kept in the config folder), so a pasted configuration keeps working', async () => {
    const workspace = await writeTestWorkspace();
    const args = ['--workspace', workspace.file, '--trust', '--config-dir', workspace.configDir];
    const first = await startCliHttp(args);
    await first.stop();
    const second = await startCliHttp(args);
    await second.stop();
    expect(first.printedToken).toMatch(/^[\w-]{32,}$/);
    expect(second.printedToken).toBe(first.printedToken);
    expect(second.stderr()).toContain(path.join(workspace.configDir, 'mcp-http-token'));
  });
});
