import { readFile } from 'node:fs/promises';
import type { WorkspaceFile } from '../../../shared/workspaceFormat';
import { parseWorkspaceText } from './parseWorkspaceText';
import { WorkspaceFileError } from './WorkspaceFileError';

/** Reads and validates a workspace file. Never writes: a broken file stays exactly as it is. */
export async function loadWorkspaceFile(file: string): Promise<WorkspaceFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT'
        ? 'does not exist'
        : code === 'EISDIR'
          ? 'is a folder'
          : `cannot be read (${code ?? String(error)})`;
    throw new WorkspaceFileError(file, [], reason);
  }
  return parseWorkspaceText(text.replace(/^\uFEFF/, ''), file);
}
