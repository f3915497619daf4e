import { runtimeLimitsProblem } from '../../shared/runtimeOptionFields';
import { codeTooLargeReason } from '../../shared/api/codeSizeLimit';
import type { PlaygroundApi } from '../../shared/api/playgroundApi';
import { getActiveEditor } from './activeEditor';
import { describeError } from './describeError';
import { usePlaygroundStore } from './store';
import { useDebugStore } from './debugStore';

// Cancel pressed before the host has named the new run: it is sent as soon as the run has an id.
let cancelOnceStarted = false;

/** The run shown is still going (Esc and Shift+F8 cancel it). */
export function isRunning(): boolean {
  const { currentRunId, runs, starting } = usePlaygroundStore.getState();
  const run = currentRunId === null ? undefined : runs[currentRunId];
  return starting || (run !== undefined && run.result === undefined && !run.hostStopped);
}

/**
 * The person's own run is starting or still going, whichever run is shown: only that keeps Run from
 * starting another (an agent's run or a tapped session shown never does).
 */
export function ownRunGoing(): boolean {
  const { ownRunId, runs, starting } = usePlaygroundStore.getState();
  const run = ownRunId === null ? undefined : runs[ownRunId];
  return starting || (run !== undefined && run.result === undefined && !run.hostStopped);
}

/** Saves the open snippet, then runs exactly what the editor shows. */
export async function runActiveSnippet(api: PlaygroundApi): Promise<void> {
  const editor = getActiveEditor();
  const store = usePlaygroundStore;
  if (!editor || editor.snippetId === null || ownRunGoing()) return;
  if (store.getState().connection !== 'open') {
    store
      .getState()
      .notify('error', 'The host is not connected, so nothing can run until it is back.', 'run');
    return;
  }
  const refused = runtimeLimitsProblem(store.getState().workspace?.runtime.limits);
  if (refused) {
    store.getState().notify('error', `The run did not start. ${refused}.`, 'run');
    return;
  }
  const tooLarge = codeTooLargeReason(editor.getCode());
  if (tooLarge) {
    store.getState().notify('error', `The run did not start. ${tooLarge}`, 'run');
    return;
  }
  store.setState({ starting: true });
  cancelOnceStarted = false;
  try {
    await editor.flushSave();
    const { runId } = await api.runs.start({ code: editor.getCode(), snippetId: editor.snippetId });
    if (cancelOnceStarted) {
      cancelOnceStarted = false;
      void cancelRun(api, runId);
    }
    store.getState().settled('run');
    // The new run takes over every view, from whatever run (an agent's, a tap's) was shown.
    useDebugStore.setState({ viewing: 'run', selectedCallId: null });
    store.setState((state) => ({
      currentRunId: runId,
      ownRunId: runId,
      starting: false,
      runs: state.runs[runId]
        ? state.runs
        : { ...state.runs, [runId]: { runId, seenAt: Date.now(), entries: [] } },
    }));
  } catch (error) {
    cancelOnceStarted = false;
    store.setState({ starting: false });
    store.getState().notify('error', `The run could not start: ${describeError(error)}`, 'run');
  }
}

export async function cancelCurrentRun(api: PlaygroundApi): Promise<void> {
  const { currentRunId, runs, starting } = usePlaygroundStore.getState();
  if (starting) {
    cancelOnceStarted = true;
    return;
  }
  if (currentRunId && !runs[currentRunId]?.result) await cancelRun(api, currentRunId);
}

async function cancelRun(api: PlaygroundApi, runId: string): Promise<void> {
  try {
    await api.runs.cancel(runId);
  } catch (error) {
    usePlaygroundStore.getState().notify('error', `Could not cancel the run: ${describeError(error)}`);
  }
}
