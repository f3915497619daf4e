import type { TranscriptHeader } from '../../../shared/transcriptFile';
import { maskTranscript, type MaskOptions } from '../../../shared/transcriptMask';
import type { FileWriter } from '../../system/writeFileAtomic';
import type { TranscriptReader } from '../runs/createTranscriptStore';

const MASK_PAGE = 2000;

/**
 * A saved transcript file's content, written as it goes (the header line, then one entry a line):
 * with nothing to mask, the run's lines are copied as they are (for a long run, the bytes of its
 * file); otherwise each page of entries is masked and written before the next is read.
 */
export function transcriptWriter(
  header: TranscriptHeader,
  transcript: TranscriptReader,
  masking: MaskOptions,
): FileWriter {
  const plain = (masking.sensitiveKeys ?? []).length === 0 && (masking.secrets?.size ?? 0) === 0;
  return async (write) => {
    const maskedHeader = maskTranscript(header, [], masking).header;
    await write(`${JSON.stringify(maskedHeader)}\n`);
    if (plain) return transcript.copyLines(write);
    for (let from = 0; from < transcript.count; from += MASK_PAGE) {
      const { entries } = maskTranscript(null, transcript.page(from, from + MASK_PAGE), masking);
      await write(entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
    }
  };
}
