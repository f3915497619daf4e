import { lstat } from 'node:fs/promises';
import { WriteConflictError } from '../../../shared/rpc/writeConflictError';

/** Saving onto an existing file needs the user's explicit yes (`overwrite`); a `conflict` asks for it. */
export async function refuseExistingUnlessConfirmed(file: string, overwrite: boolean): Promise<void> {
  if (overwrite) return;
  const existing = await lstat(file).catch(() => undefined);
  if (existing) {
    throw new WriteConflictError(
      `${file} exists already. Choose another name, or confirm that it should be replaced.`,
    );
  }
}
