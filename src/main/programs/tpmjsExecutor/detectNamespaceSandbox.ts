import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { ToolSandbox } from './ToolSandbox';

const UNSHARE_PATHS = ['/usr/bin/unshare', '/bin/unshare'];
/**
 * A user namespace mapping only this user (so the tool gains no privilege, and as a non-root user no
 * capability survives exec), a PID namespace with its own /proc (the tool sees only its own
 * processes, never the executor's or another call's environment), and --kill-child so everything
 * in it dies with the call.
 */
const UNSHARE_ARGS = ['--user', '--map-current-user', '--pid', '--fork', '--mount-proc', '--kill-child'];

/** The namespace sandbox when this machine lets this user create one, else undefined. */
export function detectNamespaceSandbox(platform = process.platform): ToolSandbox | undefined {
  if (platform !== 'linux') return undefined;
  const command = UNSHARE_PATHS.find((candidate) => existsSync(candidate));
  if (!command) return undefined;
  const probe = spawnSync(command, [...UNSHARE_ARGS, process.execPath, '-e', ''], {
    stdio: 'ignore',
    timeout: 10_000,
    env: process.versions.electron ? { ELECTRON_RUN_AS_NODE: '1' } : {},
  });
  if (probe.status !== 0) return undefined;
  return { mode: 'namespaces', wrap: (_workDir, program) => [command, ...UNSHARE_ARGS, ...program] };
}
