import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ProviderRegistry } from '../../src/main/providers/ProviderRegistry';
import { ManualCallBroker } from '../../src/main/providers/mock/ManualCallBroker';
import { createFileSecretStore } from '../../src/main/secrets/createFileSecretStore';
import type { ProviderConfig } from '../../src/shared/api/providers';
import { tempDir } from '../workspace/hostFixture';
import { isProcessRunning } from '../support/isProcessRunning';

const LAUNCHER = fileURLToPath(new URL('../fixtures/mcp/launcher.mjs', import.meta.url));
const SERVER = fileURLToPath(new URL('../fixtures/mcp/fixtureServer.mjs', import.meta.url));

async function launchedProvider(delayMs: number) {
  const dir = await tempDir('execbox-shutdown-');
  const pidFile = path.join(dir, 'pids.txt');
  const registry = new ProviderRegistry({
    secrets: createFileSecretStore(path.join(dir, 'config')),
    manual: new ManualCallBroker(() => undefined),
    baseDir: dir,
    emit: () => undefined,
    typingsChanged: () => undefined,
  });
  const config: ProviderConfig = {
    id: 'npx-like',
    name: 'launched',
    kind: 'mcp',
    transport: {
      type: 'stdio',
      command: process.execPath,
      args: [LAUNCHER, pidFile, String(delayMs), SERVER, '--stdio'],
    },
  };
  const pids = async () =>
    (await readFile(pidFile, 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean)
      .map((line) => Number(line.split(' ')[1]));
  return { registry, config, pids };
}

describe.runIf(process.platform === 'linux')(
  'closing the providers while a server restarts',
  { timeout: 60_000 },
  () => {
    it('a restart racing the close starts no server, and every process started is gone', async () => {
      const { registry, config, pids } = await launchedProvider(0);
      await registry.set(config, true);
      await registry.resolvedProviders();
      expect(registry.statuses()[0]).toMatchObject({ state: 'ready' });
      // The restart first closes the running server; the close of the whole registry comes meanwhile.
      const restart = registry.refresh(config.id);
      await registry.dispose();
      await restart;
      const started = await pids();
      expect(started).toHaveLength(2);
      await expect.poll(() => started.filter(isProcessRunning), { timeout: 15_000 }).toEqual([]);
      // Nothing was started after the close (the old code restarted the server here).
      expect(await pids()).toEqual(started);
    });

    it('a close while a launcher is still starting its server ends the launcher before it can', async () => {
      const { registry, config, pids } = await launchedProvider(20_000);
      await registry.set(config, true);
      await expect.poll(pids, { timeout: 15_000 }).toHaveLength(1);
      await registry.dispose();
      const [launcher] = await pids();
      await expect.poll(() => isProcessRunning(launcher!), { timeout: 10_000 }).toBe(false);
    });
  },
);
