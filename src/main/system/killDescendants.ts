import { readdirSync, readFileSync } from 'node:fs';

/** Each process's parent, from /proc (Linux); empty elsewhere. */
function parentsByPid(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return children;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
      const [state, ppidText] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z') continue;
      const ppid = Number(ppidText);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // Gone while we looked.
    }
  }
  return children;
}

/** Every process descended from `root` (not root itself), whatever session or group it moved to. */
export function listDescendants(root: number): number[] {
  const children = parentsByPid();
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/**
 * SIGKILLs every descendant of `root`, including ones that left its process group with setsid,
 * looking again until none is left (one may fork while we kill). A process whose parent already
 * exited was re-parented away and cannot be found this way; the namespace sandbox catches those.
 */
export function killDescendants(root: number): void {
  for (let round = 0; round < 5; round += 1) {
    const pids = listDescendants(root);
    if (pids.length === 0) return;
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGSTOP');
      } catch {
        // Already gone.
      }
    }
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
}
