import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ScratchDir {
  /** The folder, made on first use: private to this user, under a fresh random name. */
  path(): string;
  /** Deletes the folder and everything in it. */
  remove(): void;
}

/** A private temporary folder made only when something is put in it (most sessions never need one). */
export function createScratchDir(prefix: string, parent = tmpdir()): ScratchDir {
  let dir: string | undefined;
  return {
    path() {
      // mkdtemp makes the folder 0700 under a name nobody could have guessed to plant a link at.
      dir ??= mkdtempSync(path.join(parent, prefix));
      return dir;
    },
    remove() {
      if (dir) rmSync(dir, { recursive: true, force: true });
      dir = undefined;
    },
  };
}
