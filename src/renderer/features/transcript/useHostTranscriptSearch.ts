import { useCallback, useEffect, useState } from 'react';
import { findCall, type TranscriptHost } from '../../state/transcriptHost';

export interface HostTranscriptSearch {
  /** How many entries match, once the host answered for this query (null meanwhile). */
  total: number | null;
  /** The number of the matching entry after `from` (direction 1) or before it (-1), wrapping; null for none. */
  find(from: number, direction: 1 | -1): Promise<number | null>;
  /** The number of the entry holding call `callId`'s tool_call, or null. */
  findCall(callId: string): Promise<number | null>;
}

/**
 * The table's search for a transcript the page holds only part of: the host reads it for the search
 * (runs.transcriptSearch, debug.transcriptSearch) and answers with a count and, when stepping, where
 * the next match is.
 */
export function useHostTranscriptSearch(
  host: TranscriptHost | undefined,
  query: string,
): HostTranscriptSearch {
  const [answer, setAnswer] = useState<{ host: TranscriptHost; query: string; total: number } | null>(null);

  useEffect(() => {
    if (host === undefined || query.trim() === '') return;
    let stale = false;
    host.search(query, { from: -1, direction: 1 }).then(
      (found) => {
        if (!stale) setAnswer({ host, query, total: found.total });
      },
      () => {
        // A query the host refused shows its parse error already; a run gone has nothing to count.
      },
    );
    return () => {
      stale = true;
    };
  }, [host, query]);

  const find = useCallback(
    async (from: number, direction: 1 | -1) => {
      if (host === undefined) return null;
      const found = await host.search(query, { from, direction });
      setAnswer({ host, query, total: found.total });
      return found.index;
    },
    [host, query],
  );

  const findCallOnHost = useCallback(
    async (callId: string) => (host === undefined ? null : findCall(host, callId)),
    [host],
  );

  const total = answer && answer.host === host && answer.query === query ? answer.total : null;
  return { total, find, findCall: findCallOnHost };
}
