import { createTimelineSummarizer, type TimelineWindow } from '../../../shared/summarizeTimeline';
import type { TranscriptTimeline } from '../../../shared/api/debug';
import { readTimelineBounds } from './readTimelineBounds';
import { walkTranscript, type TranscriptSourceReader } from './transcriptSourceReader';

/** The timeline of a whole transcript for one (checked) window, laid out streaming over its pages. */
export async function summarizeTranscriptTimeline(
  reader: TranscriptSourceReader,
  window: TimelineWindow,
): Promise<TranscriptTimeline> {
  const summarizer = createTimelineSummarizer(window, await readTimelineBounds(reader, reader.count));
  const problems = await walkTranscript(reader, (entry) => summarizer.add(entry));
  return { ...summarizer.summary(), problems };
}
