import { useMemo, useSyncExternalStore } from 'react';
import type { TranscriptRow } from '../../../shared/view/describeEntries';
import type { TranscriptHost } from '../../state/transcriptHost';
import { createTranscriptPageCache, type TranscriptPageCache } from './createTranscriptPageCache';
import { useHostFilter } from './useHostFilter';

/** Entries per page, and pages kept: a scrolled table holds at most 4,000 entries besides the tail. */
const PAGE_SIZE = 500;
const MAX_PAGES = 8;
const CONTEXT = 64;
/** A filtered table's rows per page (the host describes each, its neighbours read on its side). */
const FILTERED_PAGE_SIZE = 200;

export interface PagedTranscript {
  /** With filters: the entry numbers of the rows they keep (null while the host lists them). */
  filtered: readonly number[] | null;
  /** Filters are set (then `filtered` says which rows are shown). */
  filtering: boolean;
  /** The row at `position` (the entry's number, or with filters its place among those kept), if here. */
  rowAt(position: number): TranscriptRow | undefined;
  /** Asks for the rows at positions `from` up to `to` (those before the tail come from the host). */
  request(from: number, to: number): void;
  /** The position of entry `index`, or -1 when the filters hide it. */
  positionOf(index: number): number;
  /** Entries the pages hold (the tail apart). */
  held: number;
  /** Pages fetched so far. */
  fetched: number;
  /** Why the host could not give some rows (a run it no longer has, after it restarted), or null. */
  problem: unknown;
}

const NO_CACHE = {
  subscribe: () => () => {},
  version: () => 0,
};

/**
 * The rows of a run or an opened transcript the page holds the tail of (`tailRows` are entries
 * `firstIndex` on): the rest come from the host a page at a time, as the table scrolls to them; with
 * filters (`filterQuery`, see filterQueryOf) the host lists the rows they keep and describes each
 * page of them. Null for a transcript held whole.
 */
export function usePagedTranscript(
  host: TranscriptHost | undefined,
  firstIndex: number,
  tailRows: readonly TranscriptRow[],
  filterQuery: string,
): PagedTranscript | null {
  const paged = host !== undefined && firstIndex > 0;
  const cache: TranscriptPageCache | null = useMemo(
    () =>
      paged
        ? createTranscriptPageCache({
            pageSize: PAGE_SIZE,
            maxPages: MAX_PAGES,
            context: CONTEXT,
            fetch: (from, limit) => host.entries(from, limit),
          })
        : null,
    [host, paged],
  );
  const filtering = paged && filterQuery !== '';
  const filtered = useHostFilter(filtering ? host : undefined, filterQuery);
  const filteredCache: TranscriptPageCache | null = useMemo(
    () =>
      paged && filtered
        ? createTranscriptPageCache({
            pageSize: FILTERED_PAGE_SIZE,
            maxPages: MAX_PAGES,
            fetchRows: (from, limit) => host.rows(filtered.slice(from, from + limit)),
          })
        : null,
    [host, paged, filtered],
  );
  const source = cache ?? NO_CACHE;
  const version = useSyncExternalStore(source.subscribe, source.version);
  const filteredSource = filteredCache ?? NO_CACHE;
  const filteredVersion = useSyncExternalStore(filteredSource.subscribe, filteredSource.version);
  return useMemo(() => {
    if (!cache) return null;
    if (filtering) {
      const list = filtered ?? [];
      return {
        filtered,
        filtering,
        rowAt: (position) => filteredCache?.row(position),
        request: (from, to) => filteredCache?.request(from, to),
        positionOf: (index) => {
          const at = lowerBound(list, index);
          return list[at] === index ? at : -1;
        },
        held: filteredCache?.held() ?? 0,
        fetched: cache.fetched() + (filteredCache?.fetched() ?? 0),
        problem: filteredCache?.problem() ?? cache.problem(),
      };
    }
    return {
      filtered: null,
      filtering,
      rowAt: (index) => (index >= firstIndex ? tailRows[index - firstIndex] : cache.row(index)),
      request: (from, to) => {
        if (from < firstIndex) cache.request(from, Math.min(to, firstIndex));
      },
      positionOf: (index) => index,
      held: cache.held(),
      fetched: cache.fetched(),
      problem: cache.problem(),
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the versions: a page came or went
  }, [cache, filteredCache, filtering, filtered, firstIndex, tailRows, version, filteredVersion]);
}

/** The first place in the ascending `list` whose number is `value` or more. */
function lowerBound(list: readonly number[], value: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (list[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
