import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { runServer } from 'verdaccio';

const run = promisify(execFile);
export const FIXTURE_PACKAGES = fileURLToPath(new URL('../fixtures/tpmjs-packages/', import.meta.url));

export interface LocalRegistry {
  url: string;
  /** Publishes a fixture folder, optionally under another version. */
  publish(fixture: string, version?: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A throwaway verdaccio on 127.0.0.1 with its own storage, anonymous access and no uplinks, so no
 * request ever leaves the machine.
 */
export async function startLocalRegistry(): Promise<LocalRegistry> {
  const root = await mkdtemp(join(tmpdir(), 'execbox-registry-'));
  const config = {
    self_path: root,
    storage: join(root, 'storage'),
    auth: { htpasswd: { file: join(root, 'htpasswd'), max_users: 100 } },
    uplinks: {},
    packages: {
      '@*/*': { access: '$all', publish: '$all', unpublish: '$all' },
      '**': { access: '$all', publish: '$all', unpublish: '$all' },
    },
    security: { api: { legacy: true } },
    log: { type: 'stdout', format: 'pretty', level: 'error' },
  };
  const server = (await runServer(config as never)) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/`;

  const token = await createUser(url);
  const npmrc = join(root, '.npmrc');
  await writeFile(npmrc, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\n`);

  return {
    url,
    async publish(fixture, version) {
      const copy = await mkdtemp(join(root, 'publish-'));
      await cp(join(FIXTURE_PACKAGES, fixture), copy, { recursive: true });
      if (version) {
        const manifestPath = join(copy, 'package.json');
        const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, unknown>;
        await writeFile(manifestPath, JSON.stringify({ ...manifest, version }, null, 2));
      }
      const args = ['publish', '--userconfig', npmrc, '--registry', url, '--access', 'public'];
      await run('npm', [...args, '--cache', join(root, 'npm-cache'), '--no-audit', '--no-fund'], {
        cwd: copy,
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(root, { recursive: true, force: true });
    },
  };
}

async function createUser(registry: string): Promise<string> {
  const name = 'fixtures';
  const response = await fetch(new URL(`-/user/org.couchdb.user:${name}`, registry), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: 'fixtures-password', type: 'user', roles: [] }),
  });
  const body = (await response.json()) as { token?: string };
  if (!response.ok || !body.token)
    throw new Error(`could not create a registry user: ${JSON.stringify(body)}`);
  return body.token;
}
