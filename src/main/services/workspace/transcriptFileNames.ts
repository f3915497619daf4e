import { access } from 'node:fs/promises';
import path from 'node:path';
import { BUNDLED_TRANSCRIPT_NAME } from './parseWorkspaceBundle';

/** A transcript file's name made safe to carry: a plain `NAME.jsonl` (see BUNDLED_TRANSCRIPT_NAME). */
export function safeTranscriptName(file: string): string {
  const stem = path
    .basename(file)
    .replace(/\.jsonl$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 100);
  const name = `${stem || 'transcript'}.jsonl`;
  return BUNDLED_TRANSCRIPT_NAME.test(name) ? name : 'transcript.jsonl';
}

/** Hands out names not used yet, neither in `folder` on disk nor earlier in this batch. */
export function createFreeNamePicker(folder: string) {
  const taken = new Set<string>();
  const exists = (name: string) =>
    access(path.join(folder, name)).then(
      () => true,
      () => false,
    );
  return async (wanted: string): Promise<string> => {
    const stem = wanted.replace(/\.jsonl$/, '');
    for (let n = 1; ; n += 1) {
      const name = n === 1 ? wanted : `${stem}-${n}.jsonl`;
      if (!taken.has(name) && !(await exists(name))) {
        taken.add(name);
        return name;
      }
    }
  };
}
