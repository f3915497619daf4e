import type { TranscriptEntry } from '../../../shared/transcript';
import type { TranscriptProblem } from '../../../shared/transcriptFile';
import { runFactsFromTranscript } from '../../../shared/runFactsFromTranscript';
import { TRANSCRIPT_HTML_END, transcriptHtmlRow, transcriptHtmlStart } from '../../../shared/transcriptHtml';
import { maskTranscript, type MaskOptions } from '../../../shared/transcriptMask';
import { maskedSecretNamesInValue } from '../../../shared/secretMaskToken';
import type { FileWriter } from '../../system/writeFileAtomic';
import { walkTranscript, walkTranscriptPages, type TranscriptSourceReader } from './transcriptSourceReader';

/**
 * A transcript's HTML report (as `renderTranscriptHtml` makes it), written as it goes: a first walk
 * finds what the top says (the done, the run's facts, where a file broke), a second writes a page
 * of rows at a time, each masked before it is written. Nothing holds more than a page of entries.
 */
export function transcriptHtmlWriter(
  reader: TranscriptSourceReader,
  masking: MaskOptions,
  maskProblems: (problems: TranscriptProblem[]) => TranscriptProblem[],
): FileWriter {
  return async (write) => {
    let count = 0;
    let done: TranscriptEntry | undefined;
    // Only the events the facts are read from: the first cancel request and the last run_finished.
    let cancelRequested: TranscriptEntry | undefined;
    let finished: TranscriptEntry | undefined;
    const maskedSecrets = new Set<string>();
    const problems = await walkTranscript(reader, (entry) => {
      count += 1;
      // The secrets the report will show masked: tokens already in a saved file, or values masked now.
      const [masked] = masking.secrets?.size ? maskTranscript(null, [entry], masking).entries : [entry];
      for (const name of maskedSecretNamesInValue(masked)) maskedSecrets.add(name);
      if (entry.kind === 'message' && entry.message.type === 'done') done = entry;
      if (entry.kind === 'event' && entry.event.type === 'cancel_requested') cancelRequested ??= entry;
      if (entry.kind === 'event' && entry.event.type === 'run_finished') finished = entry;
    });
    const { header } = maskTranscript(reader.header, [], masking);
    const [maskedDone] = maskTranscript(null, done ? [done] : [], masking).entries;
    const factEntries = [cancelRequested, finished].filter((entry) => entry !== undefined);
    await write(
      transcriptHtmlStart(header, maskProblems(problems), {
        count,
        done:
          maskedDone?.kind === 'message' && maskedDone.message.type === 'done'
            ? maskedDone.message
            : undefined,
        facts: done ? runFactsFromTranscript(factEntries, reader.header?.options) : undefined,
        maskedSecrets: [...maskedSecrets],
      }),
    );
    await walkTranscriptPages(
      reader,
      async (entries) => {
        await write(maskTranscript(null, entries, masking).entries.map(transcriptHtmlRow).join(''));
      },
      count,
    );
    await write(TRANSCRIPT_HTML_END);
  };
}
