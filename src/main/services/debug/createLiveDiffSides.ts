import { createDiffSideCollector, type DiffSide, type DiffSideCollector } from './collectDiffSide';
import { createLiveRunStates } from './createLiveRunStates';
import { walkTranscriptPages, type TranscriptSourceReader } from './transcriptSourceReader';

/** Runs still going whose diff sides are kept between requests (the least recently asked let go). */
const LIVE_RUNS = 4;

interface LiveSide {
  collector: DiffSideCollector;
  /** Entries the collector has been given: the next request starts there. */
  read: number;
}

export interface LiveDiffSides {
  /** A run still going as the diff compares it, as far as `reader.count`, reading only what came since it was last asked. */
  collect(runId: string, reader: TranscriptSourceReader): Promise<DiffSide>;
  /** Lets go of what is kept for a run (it finished, or is gone). */
  drop(runId: string): void;
}

/** Diff sides of runs still going, collected incrementally: a live Diff refresh reads only the new entries. */
export function createLiveDiffSides(): LiveDiffSides {
  const runs = createLiveRunStates<LiveSide>(LIVE_RUNS, () => ({
    collector: createDiffSideCollector(),
    read: 0,
  }));

  async function collect(runId: string, live: LiveSide, reader: TranscriptSourceReader) {
    const count = reader.count;
    // Asked with fewer entries than it has taken (a reader opened earlier): collected again from the start.
    if (live.read > count) Object.assign(live, { collector: createDiffSideCollector(), read: 0 });
    let problems;
    try {
      problems = await walkTranscriptPages(
        reader,
        async (entries) => entries.forEach((entry) => live.collector.add(entry)),
        count,
        live.read,
      );
    } catch (error) {
      // Fed part way: it cannot tell which entries it has taken, so it goes.
      runs.forget(runId, live);
      throw error;
    }
    live.read = count;
    if (problems.length > 0) runs.forget(runId, live);
    return live.collector.side(problems);
  }

  return {
    collect: (runId, reader) => runs.use(runId, (live) => collect(runId, live, reader)),
    drop: (runId) => runs.drop(runId),
  };
}
