import { useMemo, useSyncExternalStore } from 'react';
import type { TranscriptRow } from '../../../shared/view/describeEntries';
import { useApi } from '../../state/hostContext';
import { createTranscriptPageCache, type TranscriptPageCache } from './createTranscriptPageCache';

/** Entries per page, and pages kept: a scrolled table holds at most 4,000 entries besides the tail. */
const PAGE_SIZE = 500;
const MAX_PAGES = 8;
const CONTEXT = 64;

export interface PagedTranscript {
  /** The row of entry `index`: from the held tail, a page fetched, or undefined until it comes. */
  rowAt(index: number): TranscriptRow | undefined;
  /** Asks for the rows of entries `from` up to `to` (those before the tail come from the host). */
  request(from: number, to: number): void;
  /** Entries the pages hold (the tail apart). */
  held: number;
  /** Pages fetched so far. */
  fetched: number;
}

const NO_CACHE = {
  subscribe: () => () => {},
  version: () => 0,
};

/**
 * The rows of a run the page holds the tail of (`tailRows` are entries `firstIndex` on): the rest
 * come from the host a page at a time, as the table scrolls to them. Null for a run held whole.
 */
export function usePagedTranscript(
  runId: string | undefined,
  firstIndex: number,
  tailRows: readonly TranscriptRow[],
): PagedTranscript | null {
  const api = useApi();
  const paged = runId !== undefined && firstIndex > 0;
  const cache: TranscriptPageCache | null = useMemo(
    () =>
      paged
        ? createTranscriptPageCache({
            pageSize: PAGE_SIZE,
            maxPages: MAX_PAGES,
            context: CONTEXT,
            fetch: (from, limit) => api.runs.transcript(runId, { from, limit }),
          })
        : null,
    [api, runId, paged],
  );
  const source = cache ?? NO_CACHE;
  const version = useSyncExternalStore(source.subscribe, source.version);
  return useMemo(() => {
    if (!cache) return null;
    return {
      rowAt: (index) => (index >= firstIndex ? tailRows[index - firstIndex] : cache.row(index)),
      request: (from, to) => {
        if (from < firstIndex) cache.request(from, Math.min(to, firstIndex));
      },
      held: cache.held(),
      fetched: cache.fetched(),
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- version: a page came or went
  }, [cache, firstIndex, tailRows, version]);
}
