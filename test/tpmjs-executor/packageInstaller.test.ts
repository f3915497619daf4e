import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPackageInstaller } from '../../src/main/tpmjsExecutor/createPackageInstaller';
import { TpmjsError } from '../../src/main/tpmjsExecutor/tpmjsErrors';

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

  it('reports a missing npm as INTERNAL_ERROR', async () => {
    const { installer } = await installerFor(join(root, 'no-such-npm'));
    await expect(installer.install('x', '1.0.0')).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
  });
});
