import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';

/** Where this process's original environment block lies in its memory (proc(5) fields 50 and 51). */
function environmentBlockStart(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // Fields after "(comm)" start with field 3, state.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[50 - 3]);
}

/**
 * Removes `name` from process.env and, on Linux, also from the environment block the kernel shows
 * in /proc/<pid>/environ: deleting it from process.env only unlinks it, the text stays readable by
 * every process of this user (a tool child reading /proc/<ppid>/environ). The block's bytes are
 * overwritten through /proc/self/mem. Returns whether /proc/self/environ no longer holds the name.
 */
export function scrubOwnEnvironment(name: string): boolean {
  delete process.env[name];
  if (process.platform !== 'linux') return true;
  try {
    const block = readFileSync('/proc/self/environ');
    const start = environmentBlockStart();
    const needle = Buffer.from(`${name}=`);
    const mem = openSync('/proc/self/mem', 'r+');
    try {
      let entry = 0;
      while (entry < block.length) {
        const end = block.indexOf(0, entry) === -1 ? block.length : block.indexOf(0, entry);
        if (block.subarray(entry, entry + needle.length).equals(needle)) {
          writeSync(mem, Buffer.alloc(end - entry, 'X'), 0, end - entry, start + entry);
        }
        entry = end + 1;
      }
    } finally {
      closeSync(mem);
    }
    return !readFileSync('/proc/self/environ', 'latin1')
      .split('\0')
      .some((kv) => kv.startsWith(`${name}=`));
  } catch {
    return false;
  }
}
