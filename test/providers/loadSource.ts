import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ProviderConfig } from '../../src/shared/api/providers';
import { resolveProvider } from '../../src/main/engine/core/resolveProvider';
import type { ResolvedToolProvider } from '../../src/main/engine/core/types';
import { createProviderSource } from '../../src/main/providers/createProviderSource';
import { ManualCallBroker } from '../../src/main/providers/mock/ManualCallBroker';
import type { ProviderSource } from '../../src/main/providers/ProviderSource';
import { createFileSecretStore } from '../../src/main/secrets/createFileSecretStore';
import type { SecretStore } from '../../src/main/secrets/SecretStore';

export interface LoadedSource {
  source: ProviderSource & { check?(): Promise<void> };
  secrets: SecretStore;
  /** What the source reported: 'tools' for toolsChanged, the error (or 'ok') for connectionChanged. */
  reports: string[];
  load(): Promise<ResolvedToolProvider>;
}

/** A provider source as the registry would create it, with a private secret store. */
export async function loadSource(config: ProviderConfig, baseDir?: string): Promise<LoadedSource> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'execbox-source-'));
  const secrets = createFileSecretStore(dir);
  const reports: string[] = [];
  const source = createProviderSource(config, {
    secrets,
    manual: new ManualCallBroker(() => undefined),
    baseDir: baseDir ?? dir,
    listener: {
      toolsChanged: () => reports.push('tools'),
      connectionChanged: (error) => reports.push(error ?? 'ok'),
    },
  });
  return { source, secrets, reports, load: async () => resolveProvider(await source.load()) };
}
