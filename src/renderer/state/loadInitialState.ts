import type { PlaygroundApi } from '../../shared/api/playgroundApi';
import { describeError } from './describeError';
import { newerTypings } from '../../shared/view/newerTypings';
import { takesOverPanes } from '../../shared/view/takesOverPanes';
import { usePlaygroundStore } from './store';
import { loadRunTranscript } from './loadRunTranscript';

/** Fetches everything the panes show; called on start and after every reconnect. */
export async function loadInitialState(api: PlaygroundApi): Promise<void> {
  const store = usePlaygroundStore;
  try {
    const [workspace, providers, typings, manualCalls, runs, serverRequests] = await Promise.all([
      api.workspace.get(),
      api.providers.list(),
      api.providers.typings(),
      api.providers.pendingManualCalls(),
      api.runs.list(),
      api.providers.pendingServerRequests(),
    ]);
    store.setState({ workspace, providers, manualCalls, serverRequests });
    // Typings events may have come while the other answers were on their way: the newest wins.
    store.setState((state) => newerTypings(state, typings));
    // The person's own latest run: an agent's does not take over the panes unless followed.
    const last = runs.filter((run) => takesOverPanes(run.origin)).at(-1);
    if (!last || store.getState().currentRunId) return;
    await loadRunTranscript(api, last);
  } catch (error) {
    store.getState().notify('error', `Could not load the workspace: ${describeError(error)}`);
  }
}
