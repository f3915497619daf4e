import { createTranscriptFilePages } from '../../src/main/services/debug/createTranscriptFilePages';
import type { TranscriptSourceReader } from '../../src/main/services/debug/transcriptSourceReader';

/**
 * Saved transcripts read as the host reads them, a page at a time, each page counted in `seen`:
 * how many reads, the most entries one read handed over, and all the entries handed over.
 */
export function countingFileReaders() {
  const pages = createTranscriptFilePages();
  const seen = { reads: 0, most: 0, entries: 0 };
  const readerOf = async (file: string): Promise<TranscriptSourceReader> => {
    const { header, count } = await pages.page(file, { from: 0, limit: 1 });
    return {
      header,
      count,
      async page(from, to) {
        const page = await pages.page(file, { from, limit: to - from });
        seen.reads += 1;
        seen.most = Math.max(seen.most, page.entries.length);
        seen.entries += page.entries.length;
        return page;
      },
      close: () => undefined,
    };
  };
  return { readerOf, seen };
}
