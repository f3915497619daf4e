import { existsSync, readFileSync } from 'node:fs';

/**
 * Whether `pid` is a process that has not exited. A zombie counts as exited: an orphan is reaped by
 * init, and the init of these machines reaps late (zombies were seen 30 s after their exit), while
 * `process.kill(pid, 0)` still succeeds on a zombie.
 */
export function isProcessRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // Without /proc (not Linux) a zombie cannot be told apart.
  if (!existsSync('/proc/self/stat')) return true;
  try {
    // "PID (COMMAND) STATE …": the state letter follows the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.charAt(stat.lastIndexOf(')') + 2) !== 'Z';
  } catch {
    return false;
  }
}
