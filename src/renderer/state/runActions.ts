import { codeTooLargeReason } from '../../shared/api/codeSizeLimit';
import type { PlaygroundApi } from '../../shared/api/playgroundApi';
import { getActiveEditor } from './activeEditor';
import { describeError } from './describeError';
import { usePlaygroundStore } from './store';

export function isRunning(): boolean {
  const { currentRunId, runs, starting } = usePlaygroundStore.getState();
  const run = currentRunId === null ? undefined : runs[currentRunId];
  return starting || (run !== undefined && run.result === undefined && !run.hostStopped);
}

/** Saves the open snippet, then runs exactly what the editor shows. */
export async function runActiveSnippet(api: PlaygroundApi): Promise<void> {
  const editor = getActiveEditor();
  const store = usePlaygroundStore;
  if (!editor || editor.snippetId === null || isRunning()) return;
  if (store.getState().connection !== 'open') {
    store.getState().notify('error', 'The host is not connected, so nothing can run until it is back.');
    return;
  }
  const tooLarge = codeTooLargeReason(editor.getCode());
  if (tooLarge) {
    store.getState().notify('error', `The run did not start. ${tooLarge}`);
    return;
  }
  store.setState({ starting: true });
  try {
    await editor.flushSave();
    const { runId } = await api.runs.start({ code: editor.getCode(), snippetId: editor.snippetId });
    store.setState((state) => ({
      currentRunId: runId,
      starting: false,
      runs: state.runs[runId]
        ? state.runs
        : { ...state.runs, [runId]: { runId, seenAt: Date.now(), entries: [] } },
    }));
  } catch (error) {
    store.setState({ starting: false });
    store.getState().notify('error', `The run could not start: ${describeError(error)}`);
  }
}

export async function cancelCurrentRun(api: PlaygroundApi): Promise<void> {
  const { currentRunId, runs } = usePlaygroundStore.getState();
  if (!currentRunId || runs[currentRunId]?.result) return;
  try {
    await api.runs.cancel(currentRunId);
  } catch (error) {
    usePlaygroundStore.getState().notify('error', `Could not cancel the run: ${describeError(error)}`);
  }
}
