import type { PlaygroundApi } from '../../shared/api/playgroundApi';
import { useDebugStore } from './debugStore';
import { describeError } from './describeError';
import { loadRunTranscript } from './loadRunTranscript';
import { isOwnRun, usePlaygroundStore } from './store';

/**
 * Shows a run in every pane (result, transcript, run bar, paused call, editor marks): the selection
 * of the run shown before belongs to that run, so it goes. A run the page does not hold (made before
 * a reload, or let go) is fetched from the host first.
 */
export async function showRun(api: PlaygroundApi, runId: string): Promise<void> {
  const store = usePlaygroundStore;
  const show = () => {
    store.setState({ currentRunId: runId });
    useDebugStore.setState({ viewing: 'run', selectedCallId: null });
  };
  if (store.getState().runs[runId]) return show();
  try {
    const summary = (await api.runs.list()).find((run) => run.runId === runId);
    if (!summary) {
      store.getState().notify('error', 'The host no longer keeps that run.');
      return;
    }
    // Shown as soon as the page holds it; its transcript's tail goes on arriving.
    const loaded = loadRunTranscript(api, summary);
    show();
    await loaded;
  } catch (error) {
    store.getState().notify('error', `Could not open the run: ${describeError(error)}`);
  }
}

/**
 * Shows the person's own latest run of the open workspace (the page's, else the host's), or nothing
 * when the workspace has none: a workspace opened again shows its last run, not another's.
 */
export async function showOwnRun(api: PlaygroundApi): Promise<void> {
  const store = usePlaygroundStore;
  const { ownRunId, runs, workspace } = store.getState();
  const own = ownRunId ? runs[ownRunId] : undefined;
  if (own && (!workspace || own.workspacePath === undefined || own.workspacePath === workspace.path))
    return showRun(api, own.runId);
  try {
    const last = (await api.runs.list())
      .filter((run) => isOwnRun(run.origin) && run.workspacePath === store.getState().workspace?.path)
      .at(-1);
    if (last) return await showRun(api, last.runId);
  } catch (error) {
    store.getState().notify('error', `Could not open your run: ${describeError(error)}`);
    return;
  }
  store.setState({ currentRunId: null });
  useDebugStore.setState({ viewing: 'run', selectedCallId: null });
}
