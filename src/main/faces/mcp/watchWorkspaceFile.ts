import { watch } from 'node:fs';
import path from 'node:path';

/** Edits settle for this long before the workspace is reopened (editors write in several steps). */
const SETTLE_MS = 150;

/**
 * Calls `onChange` after the workspace file changes on disk. Watches the folder, since saving
 * atomically replaces the file; returns the stop function.
 */
export function watchWorkspaceFile(file: string, onChange: () => void): () => void {
  const name = path.basename(file);
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(path.dirname(file), (_event, changed) => {
    if (changed !== null && changed !== name) return;
    clearTimeout(timer);
    timer = setTimeout(onChange, SETTLE_MS);
  });
  watcher.on('error', () => watcher.close());
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
