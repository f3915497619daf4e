import { useMemo } from 'react';
import type { TranscriptSource } from '../../shared/api/debug';
import type { PlaygroundApi } from '../../shared/api/playgroundApi';
import type { TranscriptSearchAnswer, TranscriptSearchOptions } from '../../shared/api/runs';
import type { TranscriptEntry } from '../../shared/transcript';
import type { TranscriptRow } from '../../shared/transcriptRow';
import { useApi } from './hostContext';
import type { ViewedTranscript } from './viewedTranscript';

/**
 * Where the views read what the page does not hold of a transcript: a run's from the runs API (it
 * may still be running), an opened file's from the debug API, so the table, its search and filters
 * and the step-through page either the same way.
 */
export interface TranscriptHost {
  /** The same for the same transcript: what a view keys what it fetched by. */
  key: string;
  /** Entries `from` up to `from + limit` (fewer at the end). */
  entries(from: number, limit: number): Promise<TranscriptEntry[]>;
  search(query: string, options?: TranscriptSearchOptions): Promise<TranscriptSearchAnswer>;
  /** The table rows of the entries numbered `indexes`, described by the host. */
  rows(indexes: number[]): Promise<TranscriptRow[]>;
}

export function transcriptHostOf(
  api: PlaygroundApi,
  key: string,
  where: { runId: string } | { source: TranscriptSource },
): TranscriptHost {
  if ('runId' in where) {
    const { runId } = where;
    return {
      key,
      entries: (from, limit) => api.runs.transcript(runId, { from, limit }),
      search: (query, options) => api.runs.transcriptSearch(runId, query, options),
      rows: (indexes) => api.runs.transcriptRows(runId, indexes),
    };
  }
  const { source } = where;
  return {
    key,
    entries: async (from, limit) => (await api.debug.transcriptPage(source, { from, limit })).entries,
    search: (query, options) => api.debug.transcriptSearch(source, query, options),
    rows: (indexes) => api.debug.transcriptRows(source, indexes),
  };
}

/** The host of the viewed transcript: its run, or the file or saved transcript it was opened from. */
export function useTranscriptHost(viewed: ViewedTranscript | null): TranscriptHost | undefined {
  const api = useApi();
  const key = viewed?.key;
  const runId = viewed?.source === 'run' ? viewed.runId : undefined;
  const opened = viewed?.source === 'opened' ? viewed.hostSource : undefined;
  const openedJson = opened ? JSON.stringify(opened) : undefined;
  return useMemo(() => {
    if (key === undefined) return undefined;
    if (runId !== undefined) return transcriptHostOf(api, key, { runId });
    if (openedJson !== undefined)
      return transcriptHostOf(api, key, { source: JSON.parse(openedJson) as TranscriptSource });
    return undefined;
  }, [api, key, runId, openedJson]);
}

/** The number of the entry holding call `callId`'s tool_call, found by the host; null when none does. */
export async function findCall(host: Pick<TranscriptHost, 'search'>, callId: string): Promise<number | null> {
  const query = `type:tool_call call:"${callId.replace(/"/g, '')}"`;
  return (await host.search(query, { from: -1, direction: 1 })).index;
}
