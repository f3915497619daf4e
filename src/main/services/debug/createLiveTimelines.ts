import {
  createTimelineSummarizer,
  type TimelineSummarizer,
  type TimelineWindow,
} from '../../../shared/summarizeTimeline';
import type { TranscriptTimeline } from '../../../shared/api/debug';
import { createLiveRunStates } from './createLiveRunStates';
import { readTimelineBounds } from './readTimelineBounds';
import { walkTranscriptPages, type TranscriptSourceReader } from './transcriptSourceReader';

/** Runs still going whose timelines are kept between requests (the least recently asked let go). */
const LIVE_RUNS = 4;
/** Windows kept per run: the whole run's and the zoomed ones looked at last. */
const WINDOWS_PER_RUN = 3;

interface KeptWindow {
  from: number;
  to: number;
  width: number;
  summarizer: TimelineSummarizer;
  /** Entries the summarizer has been given: the next request starts there. */
  read: number;
}

interface LiveRun {
  windows: KeptWindow[];
}

export interface LiveTimelines {
  /** The timeline of a run still going, as far as `reader.count`, reading only what came since the last request. */
  summarize(
    runId: string,
    reader: TranscriptSourceReader,
    window: TimelineWindow,
  ): Promise<TranscriptTimeline>;
  /** Lets go of what is kept for a run (it finished, or is gone). */
  drop(runId: string): void;
}

/**
 * Timelines of runs still going, laid out incrementally: a summarizer kept per run and window is
 * fed only the entries added since it was last asked. A zoomed window the page keeps still is used
 * again as it is; the whole run's window, which grows with the run, is kept twice as long as the run
 * so far (its columns up to two pixels wide) and made again from the start once the run outgrows it,
 * so a run is read whole once each time its length doubles, never once a refresh.
 */
export function createLiveTimelines(): LiveTimelines {
  const runs = createLiveRunStates<LiveRun>(LIVE_RUNS, () => ({ windows: [] }));

  async function layOut(run: LiveRun, reader: TranscriptSourceReader, window: TimelineWindow) {
    const count = reader.count;
    const bounds = await readTimelineBounds(reader, count);
    const from = window.from ?? bounds.runStart;
    const to = Math.max(from + 1, window.to ?? bounds.runEnd);
    const span = window.to === undefined ? 2 * (to - from) : to - from;
    let kept = run.windows.find(
      (candidate) =>
        candidate.width === window.width &&
        candidate.from <= from &&
        to <= candidate.to &&
        candidate.to - candidate.from <= span &&
        candidate.read <= count,
    );
    if (kept) run.windows.splice(run.windows.indexOf(kept), 1);
    else {
      const laidOut = { from, to: from + span, width: window.width };
      kept = { ...laidOut, summarizer: createTimelineSummarizer(laidOut, bounds), read: 0 };
    }
    run.windows.unshift(kept);
    run.windows.length = Math.min(run.windows.length, WINDOWS_PER_RUN);
    const { summarizer } = kept;
    let problems;
    try {
      problems = await walkTranscriptPages(
        reader,
        async (entries) => entries.forEach((entry) => summarizer.add(entry)),
        count,
        kept.read,
      );
    } catch (error) {
      // Fed part way: it cannot tell which entries it has seen, so it goes.
      run.windows.splice(run.windows.indexOf(kept), 1);
      throw error;
    }
    kept.read = count;
    // A copy: the calls in it change as later entries reach the summarizer.
    return structuredClone({ ...summarizer.summary(), problems });
  }

  return {
    summarize: (runId, reader, window) => runs.use(runId, (run) => layOut(run, reader, window)),
    drop: (runId) => runs.drop(runId),
  };
}
