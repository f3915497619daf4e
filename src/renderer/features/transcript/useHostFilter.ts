import { useEffect, useState } from 'react';
import { useApi } from '../../state/hostContext';

/**
 * The entry numbers of a run's rows that `query` keeps (the table's filters as search terms),
 * listed by the host from the whole run; null while it reads, or without a query.
 */
export function useHostFilter(runId: string | undefined, query: string): readonly number[] | null {
  const api = useApi();
  const [answer, setAnswer] = useState<{ runId: string; query: string; indexes: number[] } | null>(null);
  useEffect(() => {
    if (runId === undefined || query === '') return;
    let stale = false;
    api.runs.transcriptSearch(runId, query, { all: true }).then(
      (found) => {
        if (!stale) setAnswer({ runId, query, indexes: found.indexes ?? [] });
      },
      () => {
        if (!stale) setAnswer({ runId, query, indexes: [] });
      },
    );
    return () => {
      stale = true;
    };
  }, [api, runId, query]);
  return answer && answer.runId === runId && answer.query === query ? answer.indexes : null;
}
