import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../state/hostContext';

export interface HostTranscriptSearch {
  /** How many entries match, once the host answered for this query (null meanwhile). */
  total: number | null;
  /** The number of the matching entry after `from` (direction 1) or before it (-1), wrapping; null for none. */
  find(from: number, direction: 1 | -1): Promise<number | null>;
  /** The number of the entry holding call `callId`'s tool_call, or null. */
  findCall(callId: string): Promise<number | null>;
}

/**
 * The table's search for a run the page holds only part of: the host reads the run's transcript
 * for it (runs.transcriptSearch) and answers with a count and, when stepping, where the next match is.
 */
export function useHostTranscriptSearch(runId: string | undefined, query: string): HostTranscriptSearch {
  const api = useApi();
  const [answer, setAnswer] = useState<{ runId: string; query: string; total: number } | null>(null);

  useEffect(() => {
    if (runId === undefined || query.trim() === '') return;
    let stale = false;
    api.runs.transcriptSearch(runId, query, { from: -1, direction: 1 }).then(
      (found) => {
        if (!stale) setAnswer({ runId, query, total: found.total });
      },
      () => {
        // A query the host refused shows its parse error already; a run gone has nothing to count.
      },
    );
    return () => {
      stale = true;
    };
  }, [api, runId, query]);

  const find = useCallback(
    async (from: number, direction: 1 | -1) => {
      if (runId === undefined) return null;
      const found = await api.runs.transcriptSearch(runId, query, { from, direction });
      setAnswer({ runId, query, total: found.total });
      return found.index;
    },
    [api, runId, query],
  );

  const findCall = useCallback(
    async (callId: string) => {
      if (runId === undefined) return null;
      const query = `type:tool_call call:"${callId.replace(/"/g, '')}"`;
      return (await api.runs.transcriptSearch(runId, query, { from: -1, direction: 1 })).index;
    },
    [api, runId],
  );

  const total = answer && answer.runId === runId && answer.query === query ? answer.total : null;
  return { total, find, findCall };
}
