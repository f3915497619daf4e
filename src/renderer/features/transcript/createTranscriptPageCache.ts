import type { TranscriptEntry } from '../../../shared/transcript';
import { TranscriptRowsBuilder, type TranscriptRow } from '../../../shared/view/describeEntries';

export interface TranscriptPageCacheOptions {
  /** Entries per page. */
  pageSize: number;
  /** Pages kept; the one used longest ago goes first. */
  maxPages: number;
  /** Entries read on either side of a page, so a call's row knows its result and a result its call. */
  context?: number;
  /** Entries `from` up to `from + limit` (fewer at the end) from the host. */
  fetch?(from: number, limit: number): Promise<TranscriptEntry[]>;
  /** Instead of `fetch`: the rows at positions `from` up to `from + limit`, described by the host. */
  fetchRows?(from: number, limit: number): Promise<TranscriptRow[]>;
}

export interface TranscriptPageCache {
  /** The row of entry `index` when its page is here, else undefined (`request` asks for it). */
  row(index: number): TranscriptRow | undefined;
  /** Asks for the pages that hold entries `from` up to `to` that are not here or on their way. */
  request(from: number, to: number): void;
  /** Entries the pages hold. */
  held(): number;
  /** Pages fetched so far (a count for tests). */
  fetched(): number;
  /** Why the host refused a page (a run it no longer has), or null while every page came. */
  problem(): unknown;
  /** Called when a page arrives; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Changes whenever a page arrives or goes. */
  version(): number;
}

interface Page {
  rows: TranscriptRow[];
}

/**
 * A small cache of fixed-size pages of a transcript the page does not hold: each page is fetched
 * once (with a little context either side, dropped once its rows are made) and kept until `maxPages`
 * newer ones push it out, so scrolling a million-entry run holds a few thousand entries at most.
 */
export function createTranscriptPageCache(options: TranscriptPageCacheOptions): TranscriptPageCache {
  const { pageSize, maxPages, context = 0 } = options;
  const pages = new Map<number, Page>();
  const pending = new Set<number>();
  // A page the host refused (the run is gone) is not asked for again.
  const failed = new Set<number>();
  let problem: unknown = null;
  const listeners = new Set<() => void>();
  let version = 0;
  let fetched = 0;

  const changed = () => {
    version += 1;
    for (const listener of listeners) listener();
  };

  const touch = (number: number, page: Page) => {
    pages.delete(number);
    pages.set(number, page);
  };

  const load = async (number: number) => {
    pending.add(number);
    const start = number * pageSize;
    const from = Math.max(0, start - context);
    try {
      let rows: TranscriptRow[];
      if (options.fetchRows) rows = await options.fetchRows(start, pageSize);
      else {
        const entries = (await options.fetch?.(from, start + pageSize + context - from)) ?? [];
        rows = new TranscriptRowsBuilder().update(entries).slice(start - from, start - from + pageSize);
      }
      fetched += 1;
      pages.set(number, { rows });
      for (const oldest of pages.keys()) {
        if (pages.size <= maxPages) break;
        pages.delete(oldest);
      }
    } catch (error) {
      failed.add(number);
      problem ??= error;
    } finally {
      pending.delete(number);
    }
    changed();
  };

  return {
    row(index) {
      const number = Math.floor(index / pageSize);
      const page = pages.get(number);
      return page?.rows[index - number * pageSize];
    },
    request(from, to) {
      for (let number = Math.floor(from / pageSize); number * pageSize < to; number++) {
        const page = pages.get(number);
        // A page fetched while the run was shorter holds fewer rows than are wanted now.
        const wanted = Math.min(pageSize, to - number * pageSize);
        if (page && page.rows.length >= wanted) touch(number, page);
        else if (!pending.has(number) && !failed.has(number)) void load(number);
      }
    },
    held: () => {
      let count = 0;
      for (const page of pages.values()) count += page.rows.length;
      return count;
    },
    fetched: () => fetched,
    problem: () => problem,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}
