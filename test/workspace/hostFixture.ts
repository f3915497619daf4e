import { mkdtemp, writeFile } from 'node:fs/promises';
import { afterEach } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import type { WorkspaceFile } from '../../src/shared/workspaceFormat';
import { createFileSecretStore } from '../../src/main/secrets/createFileSecretStore';
import {
  createWorkspaceHost,
  type WorkspaceHost,
  type WorkspaceHostEvent,
  type WorkspaceHostOptions,
} from '../../src/main/services/workspace/createWorkspaceHost';

export interface HostFixture {
  host: WorkspaceHost;
  events: WorkspaceHostEvent[];
  configDir: string;
}

export async function tempDir(prefix = 'execbox-ws-'): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), prefix));
}

export async function writeWorkspace(file: string, doc: Partial<WorkspaceFile>): Promise<string> {
  const full: WorkspaceFile = { formatVersion: 1, name: 'test', providers: [], snippets: [], ...doc };
  await writeFile(file, JSON.stringify(full, null, 2));
  return file;
}

/** A workspace host on a fresh config folder; dispose it with `host.dispose()`. */
export async function startHost(
  options: Partial<WorkspaceHostOptions> & { configDir?: string } = {},
): Promise<HostFixture> {
  const configDir = options.configDir ?? (await tempDir('execbox-config-'));
  const host = await createWorkspaceHost({
    configDir,
    secretStore: createFileSecretStore(configDir),
    ...options,
  });
  const events: WorkspaceHostEvent[] = [];
  host.onEvent((event) => events.push(event));
  return { host, events, configDir };
}

/**
 * `startHost` for one test file: every host it starts is disposed after each test. Call at the
 * top level of the file; `forget` drops a host the test disposed itself.
 */
export function hostsDisposedAfterEach() {
  const hosts: HostFixture[] = [];
  afterEach(async () => {
    await Promise.all(hosts.splice(0).map((f) => f.host.dispose()));
  });
  return {
    async host(...args: Parameters<typeof startHost>): Promise<HostFixture> {
      const fixture = await startHost(...args);
      hosts.push(fixture);
      return fixture;
    },
    forget(fixture: HostFixture): void {
      hosts.splice(hosts.indexOf(fixture), 1);
    },
  };
}
