import { fileNameStem } from '../../../shared/format/fileNameStem';

/** A file name for a saved transcript: the name made safe for any file system, plus a timestamp. */
export function transcriptFileName(name: string, savedAt: Date): string {
  const stamp = savedAt.toISOString().replace(/[:.]/g, '-');
  return `${fileNameStem(name, 'transcript')}-${stamp}.jsonl`;
}
