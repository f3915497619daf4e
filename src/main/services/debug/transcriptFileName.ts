/** A file name for a saved transcript: the name made safe for any file system, plus a timestamp. */
export function transcriptFileName(name: string, savedAt: Date): string {
  const slug =
    name
      .normalize('NFKD')
      .replace(/[^\w.-]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 60) || 'transcript';
  const stamp = savedAt.toISOString().replace(/[:.]/g, '-');
  return `${slug}-${stamp}.jsonl`;
}
