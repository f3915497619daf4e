import { useEffect, useRef } from 'react';
import { useTabStore } from '../panels/tabStore';
import { useCurrentRun } from '../state/store';

/** When the current run finishes, its result comes forward whatever bottom tab was showing. */
export function useResultForward(): void {
  const run = useCurrentRun();
  const shown = useRef<string | null>(null);
  const finished = run?.result !== undefined;
  useEffect(() => {
    if (!run || !finished || shown.current === run.runId) return;
    shown.current = run.runId;
    useTabStore.getState().select('bottom', 'result');
  }, [run, finished]);
}
