import { useEffect, useMemo, useState } from 'react';
import type { TranscriptEntry } from '../../shared/transcript';
import { appendNewEntries } from './appendNewEntries';
import { useApi } from './hostContext';
import { TRANSCRIPT_PAGE } from './loadRunTranscript';

interface Fetched {
  runId: string;
  /** Entries 0 up to `entries.length`, fetched from the host. */
  entries: TranscriptEntry[];
}

/**
 * A run's whole transcript, for the views that still lay out a whole run at once (the timeline and
 * the diff): the held entries when the page holds them all; else the run's earlier entries fetched
 * from the host page by page while the view is shown (let go when it closes), then the held tail.
 * Until they are all there, the held tail.
 */
export function useWholeTranscript(
  runId: string | undefined,
  held: readonly TranscriptEntry[],
  firstIndex: number,
): readonly TranscriptEntry[] {
  const api = useApi();
  const [fetched, setFetched] = useState<Fetched | null>(null);
  const mine = fetched?.runId === runId ? fetched : null;
  const have = mine?.entries.length ?? 0;

  useEffect(() => {
    if (runId === undefined || firstIndex <= have) return;
    let stale = false;
    void (async () => {
      let entries = mine?.entries ?? [];
      while (!stale && entries.length < firstIndex) {
        const page = await api.runs.transcript(runId, { from: entries.length, limit: TRANSCRIPT_PAGE });
        if (page.length === 0) break;
        entries = entries.concat(page);
      }
      if (!stale) setFetched({ runId, entries });
    })().catch(() => {
      // The run is gone from the host: the held tail is all there is.
    });
    return () => {
      stale = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fetched again only when the gap grows
  }, [api, runId, firstIndex, have]);

  return useMemo(() => {
    if (firstIndex === 0 || !mine || mine.entries.length < firstIndex) return held;
    return appendNewEntries(mine.entries, held);
  }, [firstIndex, mine, held]);
}
