import type { ChildProcess } from 'node:child_process';

/** Kills a child started with `detached: true` together with everything it spawned (its process group). */
export function killProcessTree(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    if (process.platform === 'win32') child.kill('SIGKILL');
    else process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone between the check and the kill.
    child.kill('SIGKILL');
  }
}
