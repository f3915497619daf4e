import { useEffect, useState } from 'react';
import type { RunSummary } from '../../shared/api/runs';
import { useApi } from './hostContext';
import { usePlaygroundStore } from './store';

/**
 * The runs the host keeps, asked again as this page learns of runs and when the host comes back: a
 * page opened or reloaded after some runs holds only the last of them, but may compare any.
 */
export function useHostKeptRuns(): RunSummary[] {
  const api = useApi();
  const connection = usePlaygroundStore((s) => s.connection);
  const known = usePlaygroundStore((s) =>
    Object.values(s.runs)
      .map((run) => `${run.runId}:${run.result ? 1 : 0}`)
      .join(','),
  );
  const [kept, setKept] = useState<RunSummary[]>([]);
  useEffect(() => {
    if (connection !== 'open') return;
    let current = true;
    api.runs.list().then(
      (runs) => current && setKept(runs),
      () => current && setKept([]),
    );
    return () => {
      current = false;
    };
  }, [api, connection, known]);
  return kept;
}
