import type { PlaygroundApi } from '../../shared/api/playgroundApi';
import { loadDebugState, useDebugStore } from './debugStore';
import { loadInitialState } from './loadInitialState';
import { usePlaygroundStore, type ConnectionState } from './store';
import type { RunView } from './runView';
import { withDoneValue } from '../../shared/view/withDoneValue';
import { HELD_TAIL } from './heldTail';
import { fromEarlierHost } from '../../shared/view/newestTypings';

/**
 * Keeps the store in step with the connection: runs stop their clocks when the host goes away, and
 * when it answers again everything is reloaded and each unfinished run is settled from what the
 * host still knows (a restarted host knows none of them: they stay "the host stopped").
 */
export async function followHostConnection(api: PlaygroundApi, state: ConnectionState): Promise<void> {
  const store = usePlaygroundStore;
  store.setState({ connection: state });
  if (state !== 'open') {
    store.setState((s) => ({ starting: false, runs: mapRuns(s.runs, stopClock) }));
    // A held call can be answered only by the host that holds it: offered again once it says so.
    useDebugStore.setState({ paused: [] });
    return;
  }
  // The host may be another one now (restarted): its versions start over, and what it lacks goes.
  store.setState((s) => ({ typings: fromEarlierHost(s.typings) }));
  loadDebugState(api);
  await loadInitialState(api);
  const lost = Object.values(store.getState().runs).filter((run) => run.hostStopped);
  if (lost.length === 0) return;
  try {
    const known = new Map((await api.runs.list()).map((summary) => [summary.runId, summary]));
    for (const run of lost) {
      const summary = known.get(run.runId);
      if (!summary) continue;
      // The tail only, as after a reload: the views page the rest from the host.
      const firstIndex = Math.max(0, (summary.entryCount ?? 0) - HELD_TAIL);
      const entries = withDoneValue(
        await api.runs.transcript(run.runId, { from: firstIndex, limit: 2 * HELD_TAIL }),
        summary.result,
      );
      store.setState((s) => {
        const current = s.runs[run.runId];
        if (!current) return {};
        const { hostStopped: _gone, finishedAt: _at, ...rest } = current;
        const revived: RunView = summary.result
          ? { ...rest, entries, firstIndex, result: summary.result, finishedAt: Date.now() }
          : { ...rest, entries, firstIndex };
        return { runs: { ...s.runs, [run.runId]: revived } };
      });
    }
  } catch {
    // The connection dropped again; the next 'open' tries again.
  }
}

function stopClock(run: RunView): RunView {
  return run.result !== undefined || run.hostStopped
    ? run
    : { ...run, hostStopped: true, finishedAt: Date.now() };
}

function mapRuns(runs: Record<string, RunView>, update: (run: RunView) => RunView) {
  return Object.fromEntries(Object.entries(runs).map(([id, run]) => [id, update(run)]));
}
