import { randomBytes } from 'node:crypto';
import { lstat, open, readlink, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

const MAX_LINK_HOPS = 40;

/** Content too large to hold as one string: it is handed over chunk by chunk. */
export type FileWriter = (write: (chunk: Buffer | string) => Promise<unknown>) => Promise<void>;

/** The file a path really names: links are followed (even to a file not created yet), so a save writes through them. */
async function linkTarget(file: string): Promise<string> {
  let current = path.resolve(file);
  for (let hop = 0; hop < MAX_LINK_HOPS; hop += 1) {
    const info = await lstat(current).catch(() => undefined);
    if (!info?.isSymbolicLink()) return current;
    current = path.resolve(path.dirname(current), await readlink(current));
  }
  throw new Error(`${file}: too many levels of links (more than ${MAX_LINK_HOPS})`);
}

/**
 * Writes a whole file so that readers see either the old or the new content, never a torn one:
 * a temp file in the same folder, fsync, then rename over the target. A link is written through
 * (the link stays, its target gets the content). An existing file keeps its permissions; a new one
 * gets `mode`. Given `mode` explicitly, the file gets exactly that mode, whatever it had (private files).
 */
export async function writeFileAtomic(
  file: string,
  content: string | FileWriter,
  mode?: number,
): Promise<void> {
  const target = await linkTarget(file);
  const existing = await stat(target).catch(() => undefined);
  const finalMode = mode ?? (existing ? existing.mode & 0o7777 : undefined);
  const temp = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`,
  );
  // With a mode to give, the temp file starts private so nobody opens it before it has that mode;
  // a new file without one gets 0644 less the umask, as before.
  const handle = await open(temp, 'wx', finalMode === undefined ? 0o644 : 0o600);
  try {
    if (typeof content === 'string') await handle.writeFile(content, 'utf8');
    else await content((chunk) => handle.writeFile(chunk));
    if (finalMode !== undefined && process.platform !== 'win32') await handle.chmod(finalMode);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
