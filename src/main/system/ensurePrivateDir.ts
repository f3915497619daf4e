import { chmod, lstat, mkdir } from 'node:fs/promises';

/**
 * Creates `dir` (and missing parents) readable and writable by this user only, and makes an existing
 * one so: `mkdir`'s mode is masked by the umask and ignored for a folder that exists, so the mode is
 * checked and set afterwards. A folder owned by another user, or a link, is refused rather than used.
 */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const info = await lstat(dir);
  if (!info.isDirectory()) {
    throw new Error(
      `${dir} must be a folder of its own, but it is ${info.isSymbolicLink() ? 'a link' : 'a file'}`,
    );
  }
  const uid = process.getuid?.();
  if (uid !== undefined && info.uid !== uid) {
    throw new Error(
      `${dir} belongs to another user (uid ${info.uid}); it must belong to uid ${uid}, so it was not used`,
    );
  }
  if (process.platform !== 'win32' && (info.mode & 0o777) !== 0o700) await chmod(dir, 0o700);
}
