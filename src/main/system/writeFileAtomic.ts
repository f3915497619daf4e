import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { followOwnLinks } from './followOwnLinks';

/** Content too large to hold as one string: it is handed over chunk by chunk. */
export type FileWriter = (write: (chunk: Buffer | string) => Promise<unknown>) => Promise<void>;

const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/**
 * Writes a whole file so that readers see either the old or the new content, never a torn one:
 * a temp file created new in the same folder (never through a link), fsync, then rename over the
 * target. A link of this user's is written through (the link stays, its target gets the content);
 * one someone else may have planted, at the file or on the way, is refused (`ForeignLinkError`).
 * An existing file keeps its permissions; a new one gets `mode`. Given `mode` explicitly, the file
 * gets exactly that mode, whatever it had (private files).
 */
export async function writeFileAtomic(
  file: string,
  content: string | FileWriter,
  mode?: number,
): Promise<void> {
  const target = await followOwnLinks(file);
  const existing = await lstat(target).catch(() => undefined);
  const finalMode = mode ?? (existing?.isFile() ? existing.mode & 0o7777 : undefined);
  const temp = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`,
  );
  // With a mode to give, the temp file starts private so nobody opens it before it has that mode;
  // a new file without one gets 0644 less the umask, as before.
  const handle = await open(temp, CREATE_NEW, finalMode === undefined ? 0o644 : 0o600);
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
