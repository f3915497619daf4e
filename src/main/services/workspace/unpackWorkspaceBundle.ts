import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { WorkspaceTranscriptRef } from '../../../shared/workspaceFormat';
import { BUNDLED_TRANSCRIPTS_FOLDER, parseWorkspaceBundle } from './parseWorkspaceBundle';
import { refuseExistingUnlessConfirmed } from './refuseExistingUnlessConfirmed';
import { createFreeNamePicker } from './transcriptFileNames';
import { WorkspaceFileError } from './WorkspaceFileError';
import { makeOwnFolder } from '../../system/makeOwnFolder';
import { writeFileAtomic } from '../../system/writeFileAtomic';

/** Far above any real workspace with its transcripts; bounds what a hostile file can make the host read. */
export const MAX_BUNDLE_BYTES = 64 * 1024 * 1024;

/**
 * Reads and checks a bundle, then writes its workspace to `target` and its transcripts into
 * `transcripts/` beside it (created, never written over). Nothing is written if the bundle is bad.
 */
export async function unpackWorkspaceBundle(
  bundleFile: string,
  target: string,
  { overwrite = false } = {},
): Promise<{ secrets: string[] }> {
  const info = await stat(bundleFile).catch((error: NodeJS.ErrnoException) => {
    throw new WorkspaceFileError(
      bundleFile,
      [],
      error.code === 'ENOENT' ? 'does not exist' : `cannot be read (${error.code})`,
    );
  });
  if (!info.isFile()) throw new WorkspaceFileError(bundleFile, [], 'is not a file');
  if (info.size > MAX_BUNDLE_BYTES) {
    throw new WorkspaceFileError(
      bundleFile,
      [],
      `is ${Math.round(info.size / 1024 / 1024)} MiB, more than the ${MAX_BUNDLE_BYTES / 1024 / 1024} MiB a bundle may be`,
    );
  }
  const bundle = parseWorkspaceBundle(
    (await readFile(bundleFile, 'utf8')).replace(/^\uFEFF/, ''),
    bundleFile,
  );
  await refuseExistingUnlessConfirmed(target, overwrite);
  const carrying = (bundle.workspace.transcripts ?? []).length > 0;
  const folder = carrying
    ? await makeOwnFolder(path.dirname(target), BUNDLED_TRANSCRIPTS_FOLDER)
    : path.join(path.dirname(target), BUNDLED_TRANSCRIPTS_FOLDER);
  const freeName = createFreeNamePicker(folder);
  const refs: WorkspaceTranscriptRef[] = [];
  for (const ref of bundle.workspace.transcripts ?? []) {
    const carried = ref.file.slice(BUNDLED_TRANSCRIPTS_FOLDER.length + 1);
    const name = await freeName(carried);
    await writeFile(path.join(folder, name), bundle.transcripts[carried]!, { flag: 'wx', mode: 0o600 });
    refs.push({ ...ref, file: `${BUNDLED_TRANSCRIPTS_FOLDER}/${name}` });
  }
  const doc = { ...bundle.workspace, ...(bundle.workspace.transcripts ? { transcripts: refs } : {}) };
  await mkdir(path.dirname(target), { recursive: true });
  await writeFileAtomic(target, JSON.stringify(doc, null, 2) + '\n');
  return { secrets: bundle.secrets };
}
