import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ToolSandbox } from './ToolSandbox';

const BWRAP_PATHS = ['/usr/bin/bwrap', '/bin/bwrap'];

/** What a bubblewrapped tool may read besides the read-only root: the paths it needs to start. */
export interface BubblewrapPaths {
  /** The package cache (bound read-only: a tool cannot change any installed package). */
  cacheDir: string;
  /** The tool child program. */
  childScript: string;
  /** The executor user's home, hidden behind an empty folder. */
  home?: string;
}

/**
 * New user, PID, IPC and UTS namespaces, no capability (even when the executor runs as root), a new
 * session (no terminal to inject keys into), and the whole file system read-only, with an empty
 * home, its own /tmp and /dev, and only the call's working folder writable.
 */
export function bubblewrapArgs(paths: BubblewrapPaths, workDir: string): string[] {
  const home = paths.home ?? homedir();
  const hideHome = home !== '' && home !== '/' ? ['--tmpfs', home] : [];
  const node = dirname(realpathSync(process.execPath));
  const readOnly = [paths.cacheDir, dirname(paths.childScript), node].flatMap((path) => [
    '--ro-bind-try',
    path,
    path,
  ]);
  return [
    '--unshare-user',
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--unshare-cgroup-try',
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    '--tmpfs',
    '/tmp',
    ...hideHome,
    ...readOnly,
    '--bind',
    workDir,
    workDir,
    '--chdir',
    workDir,
    '--',
  ];
}

/**
 * The bubblewrap sandbox when `bwrap` is installed and works for this user here (it needs
 * unprivileged user namespaces, or root), checked by starting Node inside it; else undefined.
 */
export function detectBubblewrapSandbox(
  paths: BubblewrapPaths,
  platform = process.platform,
): ToolSandbox | undefined {
  if (platform !== 'linux') return undefined;
  const command = BWRAP_PATHS.find((candidate) => existsSync(candidate));
  if (!command) return undefined;
  const workDir = mkdtempSync(join(tmpdir(), 'execbox-bwrap-probe-'));
  // Inside, the tool child program must still be readable (it may live under the hidden home).
  const readChild = existsSync(paths.childScript)
    ? `fs.accessSync(${JSON.stringify(paths.childScript)}, fs.constants.R_OK);`
    : '';
  try {
    const probe = spawnSync(
      command,
      [
        ...bubblewrapArgs(paths, workDir),
        process.execPath,
        '-e',
        `const fs = require("fs"); ${readChild} fs.writeFileSync("probe", "")`,
      ],
      {
        stdio: 'ignore',
        timeout: 10_000,
        env: process.versions.electron ? { ELECTRON_RUN_AS_NODE: '1' } : {},
      },
    );
    if (probe.status !== 0 || !existsSync(join(workDir, 'probe'))) return undefined;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  return {
    mode: 'bubblewrap',
    wrap: (dir, program) => [command, ...bubblewrapArgs(paths, dir), ...program],
  };
}
