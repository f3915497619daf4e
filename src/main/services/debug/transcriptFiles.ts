import { lstat, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import { writeFileAtomic, type FileWriter } from '../../system/writeFileAtomic';

/**
 * Paths come from the (untrusted) renderer, so the host only reads and writes files with the
 * expected extension: a compromised page cannot read or overwrite arbitrary files through this API.
 */
export function checkFilePath(file: unknown, extension: '.jsonl' | '.html', what: string): string {
  if (typeof file !== 'string' || file.trim() === '')
    throw new InvalidArgumentError(`${what} must be a file path`);
  if (file.includes('\0')) throw new InvalidArgumentError(`${what} contains a NUL character`);
  if (!path.isAbsolute(file))
    throw new InvalidArgumentError(`${what} must be an absolute path (got ${JSON.stringify(file)})`);
  if (path.extname(file).toLowerCase() !== extension)
    throw new InvalidArgumentError(
      `${what} must end in ${extension} (got ${JSON.stringify(path.basename(file))})`,
    );
  return path.normalize(file);
}

/**
 * A path the renderer chose, or a fresh name in a folder of the app's: never overwrite what is there
 * (it may be any of the user's files), nor create a file where a link there points.
 */
export async function writeNewTextFile(file: string, text: string | FileWriter): Promise<void> {
  const taken = await lstat(file).then(
    () => true,
    () => false,
  );
  if (taken) throw new InvalidArgumentError(`${file} already exists; choose another file name`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, text);
}

/** What went wrong reading a file, in words ("no such file"), for a sentence naming the file. */
export function describeFsError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'no permission to read it';
  if (code === 'EISDIR') return 'a folder there, not a file';
  return `a problem reading it (${error instanceof Error ? error.message : String(error)})`;
}
