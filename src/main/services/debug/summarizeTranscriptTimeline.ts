import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import { createTimelineSummarizer, type TimelineWindow } from '../../../shared/summarizeTimeline';
import type { TranscriptTimeline } from '../../../shared/api/debug';
import { walkTranscript, type TranscriptSourceReader } from './transcriptSourceReader';

/** Entries looked at for the run's `started` (it comes right after the execute). */
const HEAD = 64;
const MAX_WIDTH = 10_000;

/** The timeline of a whole transcript for one window, laid out streaming over its pages. */
export async function summarizeTranscriptTimeline(
  reader: TranscriptSourceReader,
  rawWindow: unknown,
): Promise<TranscriptTimeline> {
  const window = checkTimelineWindow(rawWindow);
  const head = await reader.page(0, Math.min(reader.count, HEAD));
  const started = head.entries.find((entry) => entry.kind === 'message' && entry.message.type === 'started');
  const last = reader.count > 0 ? (await reader.page(reader.count - 1, reader.count)).entries[0] : undefined;
  const summarizer = createTimelineSummarizer(window, {
    runStart: started?.at ?? 0,
    runEnd: last?.at ?? started?.at ?? 0,
  });
  const problems = await walkTranscript(reader, (entry) => summarizer.add(entry));
  return { ...summarizer.finish(), problems };
}

function checkTimelineWindow(raw: unknown): TimelineWindow {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new InvalidArgumentError('the timeline window must be an object such as { width: 800 }');
  const { from, to, width, ...rest } = raw as Record<string, unknown>;
  const unknownKey = Object.keys(rest)[0];
  if (unknownKey !== undefined)
    throw new InvalidArgumentError(
      `the timeline window has an unknown field "${unknownKey}" (it takes from, to and width)`,
    );
  if (!Number.isSafeInteger(width) || (width as number) < 1 || (width as number) > MAX_WIDTH)
    throw new InvalidArgumentError(
      `the timeline window's width must be a whole number from 1 to ${MAX_WIDTH}`,
    );
  const time = (value: unknown, name: string) => {
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw new InvalidArgumentError(`the timeline window's ${name} must be a number of ms`);
    return value;
  };
  const start = time(from, 'from');
  const end = time(to, 'to');
  if (start !== undefined && end !== undefined && end <= start)
    throw new InvalidArgumentError("the timeline window's to must be after its from");
  return {
    width: width as number,
    ...(start !== undefined ? { from: start } : {}),
    ...(end !== undefined ? { to: end } : {}),
  };
}
