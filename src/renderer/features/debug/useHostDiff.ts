import { useEffect, useState } from 'react';
import type { TranscriptDiffPage, TranscriptSource } from '../../../shared/api/debug';
import { useApi } from '../../state/hostContext';
import { useLiveRefresh } from './useLiveRefresh';

/** Aligned rows the page holds at a time. */
export const HOST_DIFF_ROWS = 200;
/**
 * A diff with a run still going is asked for again this long after each answer (never while one is
 * awaited): the host reads only the new entries, but aligns both sides whole each time, so not every
 * second as the timeline does.
 */
export const LIVE_DIFF_REFRESH_MS = 5_000;

/**
 * A page of the host's diff of two runs or files (rows `from` on), or null without both sources.
 * Without a `from` yet, the page around the first difference is asked for once the first answer
 * says where it is. While `live` (a side is a run still going) it is asked for again now and then,
 * and once more when the run ends. `failed` is set when the host cannot (a run it no longer keeps).
 */
export function useHostDiff(
  left: TranscriptSource | undefined,
  right: TranscriptSource | undefined,
  from: number | null,
  live: boolean,
): { page: TranscriptDiffPage | null; failed: boolean; firstPageFrom: number | null } {
  const api = useApi();
  const key = left && right ? JSON.stringify([left, right]) : undefined;
  const [answer, setAnswer] = useState<{
    key: string;
    from: number | null;
    page: TranscriptDiffPage | null;
  } | null>(null);
  const [firstPageFrom, setFirstPageFrom] = useState<{ key: string; from: number } | null>(null);
  const known = firstPageFrom && firstPageFrom.key === key ? firstPageFrom.from : null;
  const asked = from ?? known;
  const { refreshes, awaitedRef } = useLiveRefresh(
    live && key !== undefined && answer?.key === key && answer.page !== null,
    answer,
    LIVE_DIFF_REFRESH_MS,
  );
  useEffect(() => {
    if (!key) return;
    let current = true;
    const [leftSource, rightSource] = JSON.parse(key) as [TranscriptSource, TranscriptSource];
    awaitedRef.current += 1;
    void api.debug
      .transcriptDiff(leftSource, rightSource, { from: asked ?? 0, limit: HOST_DIFF_ROWS })
      .then(
        (page) => {
          if (!current) return;
          setAnswer({ key, from: asked, page });
          if (asked === null) {
            const first = page.firstDifference ?? 0;
            setFirstPageFrom({ key, from: Math.max(0, first - 20) });
          }
        },
        () => current && setAnswer({ key, from: asked, page: null }),
      )
      .finally(() => {
        awaitedRef.current -= 1;
      });
    return () => {
      current = false;
    };
  }, [api, key, asked, live, refreshes, awaitedRef]);
  if (!key || answer?.key !== key) return { page: null, failed: false, firstPageFrom: known };
  return { page: answer.page, failed: answer.page === null, firstPageFrom: known };
}
