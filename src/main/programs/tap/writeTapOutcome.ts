import { writeFileAtomic } from '../../system/writeFileAtomic';
import type { TapOutcome } from './createTapSession';
import { findingsFileFor } from './findingsFileFor';

/** Saves the session as a transcript file and its protocol findings as JSON beside it. */
export async function writeTapOutcome(outcome: TapOutcome, transcriptFile: string): Promise<string> {
  // A tapped session may carry credentials in its messages: the files are private.
  await writeFileAtomic(
    transcriptFile,
    async (write) => {
      await write(`${JSON.stringify(outcome.header)}\n`);
      await outcome.copyEntryLines(write);
    },
    0o600,
  );
  const findingsFile = findingsFileFor(transcriptFile);
  const findings = {
    runId: outcome.header.runId,
    name: outcome.header.name,
    findings: outcome.findings,
    ...(outcome.droppedFindings > 0 ? { droppedFindings: outcome.droppedFindings } : {}),
  };
  await writeFileAtomic(findingsFile, `${JSON.stringify(findings, null, 2)}\n`, 0o600);
  return findingsFile;
}
