import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { WORKSPACE_BUNDLE_VERSION, type WorkspaceBundle } from '../../../shared/workspaceBundle';
import type { WorkspaceFile, WorkspaceTranscriptRef } from '../../../shared/workspaceFormat';
import { createSecretMasker } from '../../secrets/createSecretMasker';
import { secretNamesIn } from '../../secrets/expandSecretRefs';
import type { SecretStore } from '../../secrets/SecretStore';
import { BUNDLED_TRANSCRIPTS_FOLDER } from './parseWorkspaceBundle';
import { refuseExistingUnlessConfirmed } from './refuseExistingUnlessConfirmed';
import { safeTranscriptName } from './transcriptFileNames';
import { writeFileAtomic } from '../../system/writeFileAtomic';

async function maskerFor(secrets: SecretStore) {
  const names = await secrets.list();
  const values = await Promise.all(
    names.map(async (name) => [name, (await secrets.get(name)) ?? ''] as const),
  );
  return createSecretMasker(values.filter(([, value]) => value !== ''));
}

/**
 * Writes one bundle file: the workspace, its saved transcripts and snippets, and the names of the
 * secrets it needs. Every stored secret value is masked wherever it appears, so none leaves.
 */
export async function exportWorkspaceBundle(
  doc: WorkspaceFile,
  fromDir: string,
  target: string,
  secrets: SecretStore,
  { overwrite = false } = {},
): Promise<{ secrets: string[]; warnings: string[] }> {
  await refuseExistingUnlessConfirmed(target, overwrite);
  const masker = await maskerFor(secrets);
  const warnings: string[] = [];
  const transcripts: Record<string, string> = {};
  const refs: WorkspaceTranscriptRef[] = [];
  for (const ref of doc.transcripts ?? []) {
    const source = path.resolve(fromDir, ref.file);
    try {
      const text = await readFile(source, 'utf8');
      let name = safeTranscriptName(source);
      for (let n = 2; Object.hasOwn(transcripts, name); n += 1) name = safeTranscriptName(`${source}-${n}`);
      transcripts[name] = masker.maskText(text);
      refs.push({ ...ref, file: `${BUNDLED_TRANSCRIPTS_FOLDER}/${name}` });
    } catch (error) {
      warnings.push(
        `The saved transcript "${ref.name}" was left out: ${source} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}).`,
      );
    }
  }
  const workspace = masker.mask({
    ...structuredClone(doc),
    ...(doc.transcripts ? { transcripts: refs } : {}),
  });
  const needed = secretNamesIn(doc.providers);
  const bundle: WorkspaceBundle = {
    execboxBundle: WORKSPACE_BUNDLE_VERSION,
    exportedAt: new Date().toISOString(),
    workspace,
    transcripts,
    secrets: needed,
  };
  await writeFileAtomic(target, JSON.stringify(bundle, null, 2) + '\n');
  return { secrets: needed, warnings };
}
