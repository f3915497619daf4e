import type { PlaygroundApi } from '../../shared/api/playgroundApi';
import { showOwnRun } from './showRun';
import { usePlaygroundStore } from './store';

/**
 * When another workspace opens and the page holds none of its runs, its last run is asked of the
 * host: a workspace opened again shows its last run as long as the host keeps it, not the Welcome page.
 */
export function followWorkspaceRuns(api: PlaygroundApi): () => void {
  return usePlaygroundStore.subscribe((state, before) => {
    const path = state.workspace?.path;
    const was = before.workspace?.path;
    if (!path || !was || path === was || state.currentRunId !== null) return;
    void showOwnRun(api);
  });
}
