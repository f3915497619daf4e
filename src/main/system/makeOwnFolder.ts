import { lstat, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { InvalidArgumentError } from '../../shared/rpc/invalidArgumentError';

/**
 * Creates the folder `name` inside `parent` (which is made if missing), or takes the one there, and
 * refuses a link or a file in its place: what the app then writes inside stays inside `parent`,
 * never where a planted link points.
 */
export async function makeOwnFolder(parent: string, name: string): Promise<string> {
  const dir = path.join(parent, name);
  await mkdir(parent, { recursive: true });
  await mkdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  const info = await lstat(dir);
  if (!info.isDirectory()) {
    throw new InvalidArgumentError(
      `${dir} is ${info.isSymbolicLink() ? 'a link' : 'not a folder'}; the app writes only into a folder of its own there, so nothing was written (remove it, or choose another folder)`,
    );
  }
  return dir;
}
