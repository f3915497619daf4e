import { chmod, chown, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPackageInstaller } from '../../src/main/programs/tpmjsExecutor/createPackageInstaller';
import { TpmjsError } from '../../src/main/programs/tpmjsExecutor/tpmjsErrors';
import {
  defaultPackageCacheDir,
  TPMJS_EXECUTOR_DEFAULTS,
} from '../../src/main/programs/tpmjsExecutor/tpmjsExecutorOptions';

/**
 * Stand-ins for npm: one that "installs" `name@version` by writing its package.json (and logs each
 * run), and one that never finishes.
 */
const FAKE_NPM = `#!/usr/bin/env node
const { appendFileSync, mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const args = process.argv.slice(2);
const prefix = args[args.indexOf('--prefix') + 1];
const spec = args[args.length - 1];
const at = spec.lastIndexOf('@');
const name = spec.slice(0, at);
const version = spec.slice(at + 1) === 'latest' ? '3.2.1' : spec.slice(at + 1);
appendFileSync(process.env.FAKE_NPM_LOG ?? join(__dirname, 'npm.log'), spec + '\\n');
setTimeout(() => {
  mkdirSync(join(prefix, 'node_modules', name), { recursive: true });
  writeFileSync(join(prefix, 'node_modules', name, 'package.json'), JSON.stringify({ name, version }));
}, 200);
`;
const HANGING_NPM = `#!/bin/sh
sleep 600
`;

describe('createPackageInstaller', () => {
  let root: string;
  let fakeNpm: string;
  let hangingNpm: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'execbox-installer-test-'));
    fakeNpm = join(root, 'fake-npm.cjs');
    hangingNpm = join(root, 'hanging-npm.sh');
    await writeFile(fakeNpm, FAKE_NPM);
    await writeFile(hangingNpm, HANGING_NPM);
    await chmod(fakeNpm, 0o755);
    await chmod(hangingNpm, 0o755);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const installerFor = async (npmCommand: string, installTimeoutMs = 30_000) => {
    const cacheDir = await mkdtemp(join(root, 'cache-'));
    return {
      cacheDir,
      installer: createPackageInstaller({
        cacheDir,
        npmCommand,
        installTimeoutMs,
        floatingVersionTtlMs: 60_000,
      }),
    };
  };
  const npmRuns = async () =>
    (await readFile(join(root, 'npm.log'), 'utf8').catch(() => '')).split('\n').filter(Boolean);

  it('shares one install between concurrent requests for the same package and version', async () => {
    const { installer, cacheDir } = await installerFor(fakeNpm);
    const before = (await npmRuns()).length;
    const [a, b] = await Promise.all([
      installer.install('dedupe-me', '1.0.0'),
      installer.install('dedupe-me', '1.0.0'),
    ]);
    expect(a).toEqual(b);
    expect((await npmRuns()).length - before).toBe(1);
    expect(await readdir(cacheDir)).toEqual([encodeURIComponent('dedupe-me@1.0.0')]);
  });

  it('reuses the cache folder of an exact version without running npm again', async () => {
    const { installer } = await installerFor(fakeNpm);
    await installer.install('cached', '2.0.0');
    const before = (await npmRuns()).length;
    const again = await installer.install('cached', '2.0.0');
    expect(again.version).toBe('2.0.0');
    expect((await npmRuns()).length).toBe(before);
  });

  it('files a dist-tag under the exact version it resolved to', async () => {
    const { installer, cacheDir } = await installerFor(fakeNpm);
    const installed = await installer.install('tagged', 'latest');
    expect(installed.version).toBe('3.2.1');
    expect(await readdir(cacheDir)).toEqual([encodeURIComponent('tagged@3.2.1')]);
  });

  it('gives up after the install timeout with PACKAGE_NOT_FOUND and leaves no staging folder', async () => {
    const { installer, cacheDir } = await installerFor(hangingNpm, 1000);
    const error = await installer.install('slow', '1.0.0').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TpmjsError);
    expect(error).toMatchObject({
      code: 'PACKAGE_NOT_FOUND',
      message: expect.stringContaining('did not finish within 1000 ms'),
    });
    expect(await readdir(cacheDir)).toEqual([]);
  });

  it('hands npm a range with spaces and comparators as one argument, never through a shell', async () => {
    const { installer } = await installerFor(fakeNpm);
    await installer.install('ranged', '>=1.0.0 <2 || 3');
    expect(await npmRuns()).toContain('ranged@>=1.0.0 <2 || 3');
  });

  it('reports a missing npm as INTERNAL_ERROR', async () => {
    const { installer } = await installerFor(join(root, 'no-such-npm'));
    await expect(installer.install('x', '1.0.0')).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
  });

  describe('a cache someone else prepared', () => {
    const entry = (cacheDir: string, spec: string) => join(cacheDir, encodeURIComponent(spec));
    const modeOf = async (dir: string) => (await stat(dir)).mode & 0o777;

    it('lives under the user cache folder by default, never the shared temp folder', () => {
      expect(defaultPackageCacheDir({ XDG_CACHE_HOME: '/home/ada/.xdg-cache' })).toBe(
        '/home/ada/.xdg-cache/execbox-playground/tpmjs-packages',
      );
      expect(defaultPackageCacheDir({})).toBe(
        join(homedir(), '.cache', 'execbox-playground', 'tpmjs-packages'),
      );
      expect(TPMJS_EXECUTOR_DEFAULTS.cacheDir.startsWith(tmpdir())).toBe(false);
    });

    it.runIf(process.platform !== 'win32')(
      'creates the cache 0700 and makes a loose one 0700 before use',
      async () => {
        const fresh = join(await mkdtemp(join(root, 'fresh-')), 'a', 'cache');
        await createPackageInstaller({
          cacheDir: fresh,
          npmCommand: fakeNpm,
          installTimeoutMs: 30_000,
          floatingVersionTtlMs: 0,
        }).install('fresh', '1.0.0');
        expect(await modeOf(fresh)).toBe(0o700);
        const { installer, cacheDir } = await installerFor(fakeNpm);
        await chmod(cacheDir, 0o777);
        await installer.install('loose', '1.0.0');
        expect(await modeOf(cacheDir)).toBe(0o700);
      },
    );

    it.runIf(process.getuid?.() === 0)('refuses a cache folder that belongs to another user', async () => {
      const { installer, cacheDir } = await installerFor(fakeNpm);
      await chown(cacheDir, 4242, 4242);
      await expect(installer.install('x', '1.0.0')).rejects.toThrow(/belongs to another user \(uid 4242\)/);
    });

    it('reinstalls a planted entry that npm never wrote, instead of running it', async () => {
      const { installer, cacheDir } = await installerFor(fakeNpm);
      const planted = entry(cacheDir, 'victim@1.0.0');
      await mkdir(join(planted, 'node_modules', 'victim'), { recursive: true });
      await writeFile(join(planted, 'node_modules', 'victim', 'index.js'), 'planted code');
      await writeFile(join(planted, '.execbox-installed.json'), JSON.stringify({ version: '1.0.0' }));
      const before = (await npmRuns()).length;
      await installer.install('victim', '1.0.0');
      expect((await npmRuns()).length - before).toBe(1);
      expect(await readdir(join(planted, 'node_modules', 'victim'))).toEqual(['package.json']);
    });

    it('reinstalls an entry whose files changed after the install', async () => {
      const { installer, cacheDir } = await installerFor(fakeNpm);
      await installer.install('tampered', '1.0.0');
      const manifest = join(entry(cacheDir, 'tampered@1.0.0'), 'node_modules', 'tampered', 'package.json');
      await writeFile(manifest, JSON.stringify({ name: 'tampered', version: '1.0.0', main: 'evil.js' }));
      const restarted = createPackageInstaller({
        cacheDir,
        npmCommand: fakeNpm,
        installTimeoutMs: 30_000,
        floatingVersionTtlMs: 0,
      });
      const before = (await npmRuns()).length;
      await restarted.install('tampered', '1.0.0');
      expect((await npmRuns()).length - before).toBe(1);
      expect(JSON.parse(await readFile(manifest, 'utf8'))).toEqual({ name: 'tampered', version: '1.0.0' });
    });

    it('reuses an untouched entry across restarts without running npm', async () => {
      const { installer, cacheDir } = await installerFor(fakeNpm);
      await installer.install('intact', '1.0.0');
      const restarted = createPackageInstaller({
        cacheDir,
        npmCommand: fakeNpm,
        installTimeoutMs: 30_000,
        floatingVersionTtlMs: 0,
      });
      const before = (await npmRuns()).length;
      await restarted.install('intact', '1.0.0');
      expect((await npmRuns()).length).toBe(before);
    });
  });
});
