import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessExecutor } from '../../src/main/executors/createInProcessExecutor';
import { PROVIDER_CONSOLE_LINES } from '../../src/main/providers/ProviderRegistry';
import type { ProviderStatus } from '../../src/shared/api/providers';
import type { McpProviderConfig } from '../../src/shared/api/providers';
import { startHost, tempDir, writeWorkspace, type HostFixture } from '../workspace/hostFixture';

const EVERYTHING = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);

let fixture: HostFixture | undefined;
afterEach(async () => {
  await fixture?.host.dispose();
  fixture = undefined;
});

async function hostWith(transport: McpProviderConfig['transport']): Promise<HostFixture['host']> {
  const dir = await tempDir();
  const file = await writeWorkspace(path.join(dir, 'console.execbox.json'), {
    providers: [{ id: 'p', name: 'server', kind: 'mcp', transport }],
  });
  fixture = await startHost({ workspacePath: file, trustAll: true });
  return fixture.host;
}

/** Resolves with the provider's console once `done` holds for it, as the host announces changes. */
function consoleWhen(h: HostFixture['host'], done: (lines: string[]) => boolean): Promise<string[]> {
  return new Promise((resolve) => {
    const check = (providers: ProviderStatus[]) => {
      const lines = providers.find((p) => p.id === 'p')?.console ?? [];
      if (done(lines)) resolve(lines);
    };
    h.onEvent((event) => {
      if (event.channel === 'providers' && event.type === 'changed') check(event.providers);
    });
    void h.providers.list().then(check);
  });
}

describe('the per-provider console of an MCP server', { timeout: 90_000 }, () => {
  it("receives server-everything's log messages (notifications/message) once a guest turns its logging on", async () => {
    const h = await hostWith({ type: 'stdio', command: process.execPath, args: [EVERYTHING, 'stdio'] });
    const logged = consoleWhen(h, (lines) =>
      lines.some((line) =>
        /^(debug|info|notice|warning|error|critical|alert|emergency)\b.*-level message|level-message/.test(
          line,
        ),
      ),
    );
    const executor = createInProcessExecutor();
    try {
      const result = await executor.execute(
        'await server.toggle_simulated_logging({}); "on"',
        await h.resolvedProviders(),
        { timeoutMs: 30_000 },
      );
      expect(result).toMatchObject({ ok: true, result: 'on' });
      const lines = await logged;
      expect(lines.length).toBeLessThanOrEqual(PROVIDER_CONSOLE_LINES);
    } finally {
      await executor.dispose();
    }
  });

  it("keeps a stdio server's stderr, bounded to the newest lines", async () => {
    const script = `for (let i = 1; i <= ${PROVIDER_CONSOLE_LINES + 50}; i++) console.error('line ' + i); process.exit(1);`;
    const h = await hostWith({ type: 'stdio', command: process.execPath, args: ['-e', script] });
    const last = `stderr: line ${PROVIDER_CONSOLE_LINES + 50}`;
    const lines = await consoleWhen(h, (got) => got.includes(last));
    expect(lines).toHaveLength(PROVIDER_CONSOLE_LINES);
    expect(lines.at(-1)).toBe(last);
    expect(lines[0]).toBe('stderr: line 51');
  });
});
