import { useEffect, useRef } from 'react';
import { useApi } from '../../state/hostContext';
import { addEarlierConsoleLines, readConsolePage, type ConsoleModel } from './consoleModel';

/** Entries per request for the lines of a long run's earlier entries. */
const PAGE = 5_000;

/**
 * When a run's console model was made from the held tail (after a reload with a long run open),
 * reads the lines of the entries before it from the host a page at a time, keeping the lines and
 * letting each page's entries go; `onAdded` hears when the model took them.
 */
export function useEarlierConsoleLines(runId: string, model: ConsoleModel, onAdded: () => void): void {
  const api = useApi();
  const added = useRef(onAdded);
  useEffect(() => {
    added.current = onAdded;
  });
  const missingBefore = model.missingBefore ?? 0;
  useEffect(() => {
    if (!runId || missingBefore === 0) return;
    let stale = false;
    void (async () => {
      let head: ConsoleModel | null = null;
      for (let from = 0; from < missingBefore && !stale; from += PAGE) {
        const page = await api.runs.transcript(runId, { from, limit: Math.min(PAGE, missingBefore - from) });
        if (page.length === 0) break;
        head = readConsolePage(head, page);
      }
      if (!stale && head && addEarlierConsoleLines(runId, head)) added.current();
    })().catch(() => {
      // The run is gone from the host: the tail's lines are all there are.
    });
    return () => {
      stale = true;
    };
  }, [api, runId, missingBefore]);
}
