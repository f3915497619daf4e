import type { PlaygroundApi } from '../../shared/api/playgroundApi';
import { describeError } from './describeError';
import { usePlaygroundStore } from './store';
import { loadRunTranscript } from './loadRunTranscript';

/** Fetches everything the panes show; called on start and after every reconnect. */
export async function loadInitialState(api: PlaygroundApi): Promise<void> {
  const store = usePlaygroundStore;
  try {
    const [workspace, providers, declarations, manualCalls, runs, serverRequests] = await Promise.all([
      api.workspace.get(),
      api.providers.list(),
      api.providers.declarations(),
      api.providers.pendingManualCalls(),
      api.runs.list(),
      api.providers.pendingServerRequests(),
    ]);
    store.setState({ workspace, providers, declarations, manualCalls, serverRequests });
    const last = runs.at(-1);
    if (!last || store.getState().currentRunId) return;
    await loadRunTranscript(api, last);
  } catch (error) {
    store.getState().notify('error', `Could not load the workspace: ${describeError(error)}`);
  }
}
