import type { PlaygroundApi } from '../../shared/api/playgroundApi';
import type { RunSummary } from '../../shared/api/runs';
import { usePlaygroundStore } from './store';

/** Entries per request: small enough that reading and showing one page never holds the page up. */
export const TRANSCRIPT_PAGE = 5_000;

/**
 * Puts a finished run in the store and fetches its transcript page by page, each page shown as it
 * arrives (the way a live run's batches are): a reload with a 100,000-entry run open is usable
 * from the first page instead of after one long parse and render of the whole transcript.
 */
export async function loadRunTranscript(api: PlaygroundApi, summary: RunSummary): Promise<void> {
  const store = usePlaygroundStore;
  const { runId } = summary;
  const total = summary.entryCount;
  store.setState((state) => ({
    currentRunId: state.currentRunId ?? runId,
    runs: {
      ...state.runs,
      [runId]: {
        runId,
        seenAt: Date.parse(summary.startedAt),
        entries: [],
        loading: total === undefined ? { loaded: 0 } : { loaded: 0, total },
        ...(summary.result ? { result: summary.result, finishedAt: Date.now() } : {}),
        ...(summary.facts ? { facts: summary.facts } : {}),
      },
    },
  }));
  let loaded = 0;
  for (;;) {
    let page;
    try {
      page = await api.runs.transcript(runId, { from: loaded, limit: TRANSCRIPT_PAGE });
    } catch (error) {
      const run = store.getState().runs[runId];
      if (run?.loading) {
        const { loading: _stopped, ...rest } = run;
        store.setState((state) => ({ runs: { ...state.runs, [runId]: rest } }));
      }
      throw error;
    }
    const run = store.getState().runs[runId];
    // Gone, or replaced by a newer copy while this page was on its way: that copy wins.
    if (!run?.loading || run.entries.length !== loaded) return;
    loaded += page.length;
    const done = page.length < TRANSCRIPT_PAGE || (total !== undefined && loaded >= total);
    const { loading: _loading, ...rest } = run;
    store.setState((state) => ({
      runs: {
        ...state.runs,
        [runId]: {
          ...rest,
          entries: run.entries.length === 0 ? page : run.entries.concat(page),
          ...(done ? {} : { loading: { ...run.loading!, loaded } }),
        },
      },
    }));
    if (done) return;
  }
}
