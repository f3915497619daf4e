import { useMemo } from 'react';
import { usePlaygroundStore } from './store';
import { useHostKeptRuns } from './useHostKeptRuns';
import { workspaceRuns } from './workspaceRuns';

/** The open workspace's runs and, apart, other workspaces' (the page's and the host's kept ones). */
export function useWorkspaceRuns() {
  const runs = usePlaygroundStore((s) => s.runs);
  const path = usePlaygroundStore((s) => s.workspace?.path);
  const kept = useHostKeptRuns();
  return useMemo(() => workspaceRuns(runs, kept, path), [runs, kept, path]);
}
