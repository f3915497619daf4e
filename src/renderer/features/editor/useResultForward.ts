import { useEffect } from 'react';
import { useTabStore } from '../../state/tabStore';
import { useCurrentRun } from '../../state/store';

/** The run whose result was brought forward: kept outside the component, which remounts with the layout. */
let forwardedRunId: string | null = null;

/** When the current run finishes, its result comes forward whatever bottom tab was showing. */
export function useResultForward(): void {
  const run = useCurrentRun();
  const finished = run?.result !== undefined;
  useEffect(() => {
    if (!run || !finished || forwardedRunId === run.runId) return;
    forwardedRunId = run.runId;
    useTabStore.getState().select('bottom', 'result');
  }, [run, finished]);
}
