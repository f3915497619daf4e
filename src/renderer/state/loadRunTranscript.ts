import type { PlaygroundApi } from '../../shared/api/playgroundApi';
import type { RunSummary } from '../../shared/api/runs';
import { appendNewEntries } from './appendNewEntries';
import { withDoneValue } from '../../shared/view/withDoneValue';
import type { RunView } from './runView';
import { usePlaygroundStore } from './store';

/** Entries per request: small enough that reading and showing one page never holds the page up. */
export const TRANSCRIPT_PAGE = 5_000;

/**
 * Puts a run in the store and fetches its transcript page by page, each page shown as it arrives
 * (the way a live run's batches are): a reload with a 100,000-entry run open is usable from the
 * first page instead of after one long parse and render of the whole transcript. A run still going
 * keeps its live batches aside meanwhile and adds them after the last page.
 */
export async function loadRunTranscript(api: PlaygroundApi, summary: RunSummary): Promise<void> {
  const store = usePlaygroundStore;
  const { runId } = summary;
  // A live run's count grows while it is fetched: only a finished run's count says where it ends.
  const total = summary.state === 'finished' ? summary.entryCount : undefined;
  store.setState((state) => ({
    currentRunId: state.currentRunId ?? runId,
    runs: {
      ...state.runs,
      [runId]: {
        runId,
        seenAt: Date.parse(summary.startedAt),
        entries: [],
        origin: summary.origin,
        ...(summary.workspacePath ? { workspacePath: summary.workspacePath } : {}),
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
      // What came is kept: the pages so far, then the live batches.
      void addLiveDuringLoad(runId);
      throw error;
    }
    const run = store.getState().runs[runId];
    // Gone, or replaced by a newer copy while this page was on its way: that copy wins.
    if (!run?.loading || run.entries.length !== loaded) return;
    loaded += page.length;
    const firstLive = run.liveDuringLoad?.[0]?.seq;
    const done =
      page.length < TRANSCRIPT_PAGE ||
      (total !== undefined && loaded >= total) ||
      (firstLive !== undefined && (page.at(-1)?.seq ?? -1) >= firstLive - 1);
    // The host leaves a finished run's value out of its done entry: the run's result carries it.
    const added = withDoneValue(page, run.result);
    const next: RunView = {
      ...run,
      entries: run.entries.length === 0 ? added : run.entries.concat(added),
      loading: { ...run.loading, loaded },
    };
    store.setState((state) => ({ runs: { ...state.runs, [runId]: next } }));
    if (done) return addLiveDuringLoad(runId);
  }
}

/**
 * Adds the live batches that came while the pages did, a page's worth per task (a long run sends
 * tens of thousands of entries meanwhile); batches still coming wait behind them until none is left.
 */
async function addLiveDuringLoad(runId: string): Promise<void> {
  const store = usePlaygroundStore;
  for (;;) {
    const run = store.getState().runs[runId];
    if (!run?.loading) return;
    const waiting = run.liveDuringLoad ?? [];
    const { loading, liveDuringLoad: _waiting, ...rest } = run;
    const next: RunView = {
      ...rest,
      entries: appendNewEntries(run.entries, waiting.slice(0, TRANSCRIPT_PAGE)),
    };
    if (waiting.length > TRANSCRIPT_PAGE) {
      next.loading = loading;
      next.liveDuringLoad = waiting.slice(TRANSCRIPT_PAGE);
    }
    store.setState((state) => ({ runs: { ...state.runs, [runId]: next } }));
    if (!next.loading) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
