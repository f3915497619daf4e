import type { PlaygroundApi } from '../../shared/api/playgroundApi';
import type { RunSummary } from '../../shared/api/runs';
import { appendNewEntries } from './appendNewEntries';
import { withDoneValue } from '../../shared/view/withDoneValue';
import { HELD_TAIL, runEntryCount, withHeldTail } from './heldTail';
import type { RunView } from './runView';
import { isOwnRun, usePlaygroundStore } from './store';

/** Entries per request: small enough that reading and showing one page never holds the page up. */
export const TRANSCRIPT_PAGE = 5_000;

/**
 * Puts a run in the store with the tail of its transcript (the rest stays on the host, and the views
 * page it as they show it): a reload with a million-entry run open fetches one page, not the run.
 * A run still going keeps its live batches aside meanwhile and adds them after the tail.
 */
export async function loadRunTranscript(api: PlaygroundApi, summary: RunSummary): Promise<void> {
  const store = usePlaygroundStore;
  const { runId } = summary;
  // A live run's count grows while it is fetched: only a finished run's count says where it ends.
  const total = summary.state === 'finished' ? summary.entryCount : undefined;
  const from = Math.max(0, (summary.entryCount ?? 0) - HELD_TAIL);
  store.setState((state) => ({
    currentRunId: state.currentRunId ?? runId,
    ownRunId: state.ownRunId ?? (isOwnRun(summary.origin) ? runId : null),
    runs: {
      ...state.runs,
      [runId]: {
        runId,
        seenAt: Date.parse(summary.startedAt),
        entries: [],
        firstIndex: from,
        origin: summary.origin,
        ...(summary.name ? { name: summary.name } : {}),
        ...(summary.workspacePath ? { workspacePath: summary.workspacePath } : {}),
        loading: total === undefined ? { loaded: from } : { loaded: from, total },
        ...(summary.result ? { result: summary.result, finishedAt: Date.now() } : {}),
        ...(summary.facts ? { facts: summary.facts } : {}),
      },
    },
  }));
  let loaded = from;
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
    if (!run?.loading || runEntryCount(run) !== loaded) return;
    loaded += page.length;
    const firstLive = run.liveDuringLoad?.[0]?.seq;
    const done =
      page.length < TRANSCRIPT_PAGE ||
      (total !== undefined && loaded >= total) ||
      (firstLive !== undefined && (page.at(-1)?.seq ?? -1) >= firstLive - 1);
    // The host leaves a finished run's value out of its done entry: the run's result carries it.
    const added = withDoneValue(page, run.result);
    const next = withHeldTail({
      ...run,
      entries: run.entries.length === 0 ? added : run.entries.concat(added),
      loading: { ...run.loading, loaded },
    });
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
    let next: RunView = {
      ...rest,
      entries: appendNewEntries(run.entries, waiting.slice(0, TRANSCRIPT_PAGE)),
    };
    if (waiting.length > TRANSCRIPT_PAGE) {
      next.loading = loading;
      next.liveDuringLoad = waiting.slice(TRANSCRIPT_PAGE);
    }
    next = withHeldTail(next);
    store.setState((state) => ({ runs: { ...state.runs, [runId]: next } }));
    if (!next.loading) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
