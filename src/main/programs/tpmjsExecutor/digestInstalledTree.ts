import { createHash } from 'node:crypto';
import { readdir, readFile, readlink } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A sha256 over every file, link and folder name under `dir` (sorted, so it does not depend on
 * readdir's order), skipping `exclude` at the top: the install marker's integrity record.
 */
export async function digestInstalledTree(dir: string, exclude: string): Promise<string> {
  const hash = createHash('sha256');
  async function walk(folder: string, relative: string): Promise<void> {
    const entries = (await readdir(folder, { withFileTypes: true })).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const entry of entries) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (path === exclude) continue;
      const full = join(folder, entry.name);
      if (entry.isDirectory()) {
        hash.update(`d\0${path}\0`);
        await walk(full, path);
      } else if (entry.isSymbolicLink()) {
        hash.update(`l\0${path}\0${await readlink(full)}\0`);
      } else {
        const content = await readFile(full);
        hash.update(`f\0${path}\0${content.length}\0`).update(content);
      }
    }
  }
  await walk(dir, '');
  return `sha256-${hash.digest('base64')}`;
}
