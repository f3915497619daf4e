import { useEffect, useState } from 'react';
import type { TranscriptSource, TranscriptTimeline } from '../../../shared/api/debug';
import { useApi } from '../../state/hostContext';
import { useLiveRefresh } from './useLiveRefresh';

/** A window that changes (zoom, pan, resize) is asked for once it has been still this long. */
const SETTLE_MS = 120;
/** A run still going is laid out again this long after each answer (never while one is awaited). */
export const LIVE_REFRESH_MS = 1_000;

/** What the Timeline shows: zoom (1: the whole run), pan (0-1 of the rest), bars area in pixels. */
export interface TimelineViewport {
  zoom: number;
  pan: number;
  width: number;
  /**
   * The run length zoom and pan are fractions of; without it, the last answer's. A run still going
   * keeps a zoomed window where the person put it by passing the length it had then.
   */
  duration?: number;
}

/**
 * The host's timeline of `source` (a run, an opened file) for what `viewport` shows, or null
 * without a source. While a newer window is asked for, the last answer for the same transcript stays;
 * an answer for an older request never replaces a newer one. While `live` (the run goes on) it is
 * asked for again a second after each answer, and once more when the run ends. `failed` is set when
 * the host cannot.
 */
export function useHostTimeline(
  source: TranscriptSource | undefined,
  key: string,
  viewport: TimelineViewport,
  live: boolean,
): { timeline: TranscriptTimeline | null; failed: boolean } {
  const api = useApi();
  const [answer, setAnswer] = useState<{ key: string; timeline: TranscriptTimeline | null } | null>(null);
  const sourceJson = source ? JSON.stringify(source) : undefined;
  const { refreshes, awaitedRef } = useLiveRefresh(
    live && sourceJson !== undefined && answer?.key === key && answer.timeline !== null,
    answer,
    LIVE_REFRESH_MS,
  );
  const width = Math.max(1, Math.round(viewport.width));
  // Zoomed in, the window follows from the run's bounds, known from the first (whole-run) answer.
  const bounds = answer?.key === key ? answer.timeline : null;
  const duration = bounds ? (viewport.duration ?? Math.max(1, bounds.runEnd - bounds.runStart)) : 0;
  const zoomed = bounds !== null && viewport.zoom > 1;
  const from = zoomed ? bounds.runStart + viewport.pan * duration * (1 - 1 / viewport.zoom) : undefined;
  const to = zoomed ? from! + duration / viewport.zoom : undefined;
  useEffect(() => {
    if (!sourceJson) return;
    let current = true;
    const ask = () => {
      awaitedRef.current += 1;
      void api.debug
        .transcriptTimeline(JSON.parse(sourceJson) as TranscriptSource, {
          width,
          ...(from !== undefined ? { from } : {}),
          ...(to !== undefined ? { to } : {}),
        })
        .then(
          (timeline) => current && setAnswer({ key, timeline }),
          () => current && setAnswer({ key, timeline: null }),
        )
        .finally(() => {
          awaitedRef.current -= 1;
        });
    };
    // The first window of a transcript is asked for at once; the ones after as they settle.
    const timer = setTimeout(ask, answer?.key === key ? SETTLE_MS : 0);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // `answer` only picks the delay: a new answer must not ask again (a refresh does, while live).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, sourceJson, key, from, to, width, live, refreshes]);
  if (!sourceJson || answer?.key !== key) return { timeline: null, failed: false };
  return { timeline: answer.timeline, failed: answer.timeline === null };
}
