import type { PlaygroundApi } from '../../shared/api/playgroundApi';
import { describeError } from './describeError';
import { withNewestTypings } from '../../shared/view/newestTypings';
import { takesOverPanes } from '../../shared/view/takesOverPanes';
import { usePlaygroundStore } from './store';
import { loadRunTranscript } from './loadRunTranscript';

/**
 * Fetches everything the panes show; called on start and after every reconnect. Each answer is
 * applied as it arrives: the link delivers answers and events in the order the host sent them, so
 * an event that comes after an answer is newer and is not overwritten by a slower answer to
 * another question (a workspace another tab opened meanwhile stays open here too).
 */
export async function loadInitialState(api: PlaygroundApi): Promise<void> {
  const store = usePlaygroundStore;
  try {
    const [, , , , runs] = await Promise.all([
      api.workspace.get().then((answer) => store.setState({ workspace: answer })),
      // Kept for the workspace it names, whichever the page shows when it comes.
      api.providers
        .typings()
        .then((answer) => store.setState((state) => ({ typings: withNewestTypings(state.typings, answer) }))),
      api.providers.list().then((providers) => store.setState({ providers })),
      api.providers.pendingManualCalls().then((manualCalls) => store.setState({ manualCalls })),
      api.runs.list(),
      api.providers.pendingServerRequests().then((serverRequests) => store.setState({ serverRequests })),
    ]);
    // The latest run of this workspace that takes over the panes (an agent's does unless followed).
    const path = store.getState().workspace?.path;
    const last = runs
      .filter((run) => takesOverPanes(run.origin) && (!run.workspacePath || run.workspacePath === path))
      .at(-1);
    if (!last || store.getState().currentRunId) return;
    await loadRunTranscript(api, last);
  } catch (error) {
    store.getState().notify('error', `Could not load the workspace: ${describeError(error)}`);
  }
}
