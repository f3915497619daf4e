import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { lstat, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ensurePrivateDir } from '../../system/ensurePrivateDir';
import { killProcessTree } from '../../system/killProcessTree';
import { digestInstalledTree } from './digestInstalledTree';
import { resolveNpmCommand } from './resolveNpmCommand';
import { TpmjsError } from './tpmjsErrors';

export interface PackageInstallerOptions {
  /** Each `name@version` gets its own folder here. */
  cacheDir: string;
  /** npm registry URL; npm's own configuration when absent. */
  registry?: string;
  installTimeoutMs: number;
  /** How long an install of a dist-tag or range (not an exact version) is reused before installing again. */
  floatingVersionTtlMs: number;
  npmCommand?: string;
  /** npm's download cache; npm's default when absent. */
  npmCacheDir?: string;
}

export interface InstalledPackage {
  /** The folder whose node_modules holds the package. */
  prefix: string;
  version: string;
}

export interface PackageInstaller {
  install(packageName: string, version: string): Promise<InstalledPackage>;
}

const EXACT_VERSION = /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]+)?$/;
const COMPLETE_MARKER = '.execbox-installed.json';
/** What npm needs to reach its registry (paths, proxies, CA certificates, its own config); never the executor's secrets. */
const NPM_ENV_KEYS = new Set([
  'PATH',
  'HOME',
  'USERPROFILE',
  'APPDATA',
  'LOCALAPPDATA',
  'SystemRoot',
  'TMPDIR',
  'TEMP',
  'TMP',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
]);

function npmEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (NPM_ENV_KEYS.has(key) || key.toLowerCase().startsWith('npm_config_')) env[key] = value;
  }
  return env;
}

/**
 * Installs npm packages into one cache folder per exact version. Concurrent requests for the same
 * `name@version` share one install; an install is staged in a temporary folder and only renamed into
 * place when complete, so a failed or timed-out install leaves nothing behind.
 */
export function createPackageInstaller(options: PackageInstallerOptions): PackageInstaller {
  const inFlight = new Map<string, Promise<InstalledPackage>>();
  /** dist-tags and ranges resolve to an exact version's folder for a while. */
  const floating = new Map<string, { installed: InstalledPackage; at: number }>();

  const folderOf = (packageName: string, exactVersion: string) =>
    join(options.cacheDir, encodeURIComponent(`${packageName}@${exactVersion}`));
  /** Entries checked against their marker by this process; only this user can change them since. */
  const verified = new Set<string>();
  let cacheReady: Promise<void> | undefined;
  // The cache's folder must be this user's alone, or someone else could plant a package in it.
  const prepareCache = () => (cacheReady ??= ensurePrivateDir(options.cacheDir));

  /**
   * Whether `dir` holds a complete install that is exactly what was installed: a folder of this
   * user's (not a link) whose content matches the integrity its marker recorded.
   */
  async function isComplete(dir: string): Promise<boolean> {
    if (verified.has(dir)) return true;
    try {
      const info = await lstat(dir);
      const uid = process.getuid?.();
      if (!info.isDirectory() || (uid !== undefined && info.uid !== uid)) return false;
      const marker = JSON.parse(await readFile(join(dir, COMPLETE_MARKER), 'utf8')) as {
        integrity?: unknown;
      };
      if (typeof marker.integrity !== 'string') return false;
      if ((await digestInstalledTree(dir, COMPLETE_MARKER)) !== marker.integrity) return false;
    } catch {
      return false;
    }
    verified.add(dir);
    return true;
  }

  async function installExact(packageName: string, version: string): Promise<InstalledPackage> {
    await prepareCache();
    const dir = folderOf(packageName, version);
    if (await isComplete(dir)) return { prefix: dir, version };
    return installStaged(packageName, version);
  }

  async function installFloating(packageName: string, version: string): Promise<InstalledPackage> {
    const key = `${packageName}@${version}`;
    const alias = floating.get(key);
    await prepareCache();
    if (
      alias &&
      Date.now() - alias.at < options.floatingVersionTtlMs &&
      (await isComplete(alias.installed.prefix))
    ) {
      return alias.installed;
    }
    const installed = await installStaged(packageName, version);
    floating.set(key, { installed, at: Date.now() });
    return installed;
  }

  /** Installs into a fresh staging folder, then moves it to the exact version's folder. */
  async function installStaged(packageName: string, version: string): Promise<InstalledPackage> {
    const staging = join(options.cacheDir, `.staging-${randomUUID()}`);
    try {
      await mkdir(staging);
      await runNpmInstall(staging, `${packageName}@${version}`);
      const manifest = join(staging, 'node_modules', packageName, 'package.json');
      const { version: exact } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
      const dir = folderOf(packageName, exact);
      if (!(await isComplete(dir))) {
        const integrity = await digestInstalledTree(staging, COMPLETE_MARKER);
        await writeFile(join(staging, COMPLETE_MARKER), JSON.stringify({ version: exact, integrity }));
        // A missing, planted or tampered entry is replaced whole.
        await rm(dir, { recursive: true, force: true });
        await rename(staging, dir);
        verified.add(dir);
      }
      return { prefix: dir, version: exact };
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  function runNpmInstall(prefix: string, spec: string): Promise<void> {
    const args = ['install', '--prefix', prefix, '--ignore-scripts', '--no-audit', '--no-fund'];
    args.push('--no-package-lock', '--omit=dev', '--loglevel=error');
    if (options.registry) args.push('--registry', options.registry);
    if (options.npmCacheDir) args.push('--cache', options.npmCacheDir);
    args.push(spec);
    const env = npmEnvironment();
    return new Promise((resolve, reject) => {
      const npm = resolveNpmCommand(options.npmCommand);
      // Never through a shell: the spec is one argument, whatever characters a range holds.
      const child = spawn(npm.file, [...npm.prefix, ...args], {
        cwd: prefix,
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
        detached: process.platform !== 'win32',
        shell: false,
        windowsHide: true,
      });
      let stderr = '';
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        stderr = (stderr + chunk).slice(-4000);
      });
      const timer = setTimeout(() => {
        killProcessTree(child);
        const message = `npm install of ${spec} did not finish within ${options.installTimeoutMs} ms`;
        reject(new TpmjsError('PACKAGE_NOT_FOUND', message));
      }, options.installTimeoutMs);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(new TpmjsError('INTERNAL_ERROR', `could not start npm: ${error.message}`));
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        if (code === 0) return resolve();
        reject(
          new TpmjsError('PACKAGE_NOT_FOUND', `npm install of ${spec} failed: ${summarizeNpmError(stderr)}`),
        );
      });
    });
  }

  return {
    install(packageName, version) {
      const key = `${packageName}@${version}`;
      const existing = inFlight.get(key);
      if (existing) return existing;
      const job = EXACT_VERSION.test(version)
        ? installExact(packageName, version)
        : installFloating(packageName, version);
      inFlight.set(key, job);
      const forget = () => inFlight.delete(key);
      job.then(forget, forget);
      return job;
    },
  };
}

function summarizeNpmError(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.replace(/^npm (error|ERR!)\s*/, '').trim())
    .filter((line) => line && !line.startsWith('A complete log of this run'));
  return lines.slice(0, 3).join(' ') || 'npm exited with an error';
}
