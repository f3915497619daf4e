import { useEffect, useState } from 'react';
import type { TranscriptHost } from '../../state/transcriptHost';

/**
 * The entry numbers of a transcript's rows that `query` keeps (the table's filters as search terms),
 * listed by the host from the whole transcript; null while it reads, or without a query.
 */
export function useHostFilter(host: TranscriptHost | undefined, query: string): readonly number[] | null {
  const [answer, setAnswer] = useState<{ host: TranscriptHost; query: string; indexes: number[] } | null>(
    null,
  );
  useEffect(() => {
    if (host === undefined || query === '') return;
    let stale = false;
    host.search(query, { all: true }).then(
      (found) => {
        if (!stale) setAnswer({ host, query, indexes: found.indexes ?? [] });
      },
      () => {
        if (!stale) setAnswer({ host, query, indexes: [] });
      },
    );
    return () => {
      stale = true;
    };
  }, [host, query]);
  return answer && answer.host === host && answer.query === query ? answer.indexes : null;
}
