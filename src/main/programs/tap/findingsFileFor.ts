/** `session.jsonl` → `session.findings.json`: the findings file beside a transcript. */
export function findingsFileFor(transcriptFile: string): string {
  return `${transcriptFile.replace(/\.jsonl$/i, '')}.findings.json`;
}
