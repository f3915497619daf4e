import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { WorkspaceFile, WorkspaceTranscriptRef } from '../../../shared/workspaceFormat';
import { BUNDLED_TRANSCRIPTS_FOLDER } from './parseWorkspaceBundle';
import { createFreeNamePicker, safeTranscriptName } from './transcriptFileNames';
import { refuseExistingUnlessConfirmed } from './refuseExistingUnlessConfirmed';
import { makeOwnFolder } from '../../system/makeOwnFolder';
import { writeFileAtomic } from '../../system/writeFileAtomic';

export interface CopyOutcome {
  doc: WorkspaceFile;
  warnings: string[];
}

/**
 * Writes `doc` as a new workspace file at `target`, its saved transcripts copied into
 * `transcripts/` beside it (they belong to the workspace, so a copy takes them along). A target
 * that exists is refused unless `overwrite`; transcript files are created, never written over.
 */
export async function copyWorkspaceTo(
  doc: WorkspaceFile,
  fromDir: string,
  target: string,
  { overwrite = false } = {},
): Promise<CopyOutcome> {
  await refuseExistingUnlessConfirmed(target, overwrite);
  const targetDir = path.dirname(target);
  await mkdir(targetDir, { recursive: true });
  const warnings: string[] = [];
  const refs: WorkspaceTranscriptRef[] = [];
  // Made (and a link there refused) before anything is written, only when there is something to copy.
  const folder = doc.transcripts?.length
    ? await makeOwnFolder(targetDir, BUNDLED_TRANSCRIPTS_FOLDER)
    : path.join(targetDir, BUNDLED_TRANSCRIPTS_FOLDER);
  const freeName = createFreeNamePicker(folder);
  for (const ref of doc.transcripts ?? []) {
    const source = path.resolve(fromDir, ref.file);
    let text: string;
    try {
      text = await readFile(source, 'utf8');
    } catch (error) {
      warnings.push(
        `The saved transcript "${ref.name}" was not copied: ${source} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}).`,
      );
      refs.push({ ...ref, file: source });
      continue;
    }
    const name = await freeName(safeTranscriptName(source));
    // 'wx': never through a link or over a file someone planted there.
    await writeFile(path.join(folder, name), text, { flag: 'wx', mode: 0o600 });
    refs.push({ ...ref, file: `${BUNDLED_TRANSCRIPTS_FOLDER}/${name}` });
  }
  const copy: WorkspaceFile = { ...structuredClone(doc), ...(doc.transcripts ? { transcripts: refs } : {}) };
  await writeFileAtomic(target, JSON.stringify(copy, null, 2) + '\n');
  return { doc: copy, warnings };
}
