import { useEffect, useState } from 'react';
import type { TranscriptSource, TranscriptTimeline } from '../../../shared/api/debug';
import { useApi } from '../../state/hostContext';

/** A window that changes (zoom, pan, resize) is asked for once it has been still this long. */
const SETTLE_MS = 120;

/** What the Timeline shows: zoom (1: the whole run), pan (0-1 of the rest), bars area in pixels. */
export interface TimelineViewport {
  zoom: number;
  pan: number;
  width: number;
}

/**
 * The host's timeline of `source` (a finished run, an opened file) for what `viewport` shows, or
 * null without a source. While a newer window is asked for, the last answer for the same transcript stays; an
 * answer for an older request never replaces a newer one. `failed` is set when the host cannot.
 */
export function useHostTimeline(
  source: TranscriptSource | undefined,
  key: string,
  viewport: TimelineViewport,
): { timeline: TranscriptTimeline | null; failed: boolean } {
  const api = useApi();
  const [answer, setAnswer] = useState<{ key: string; timeline: TranscriptTimeline | null } | null>(null);
  const sourceJson = source ? JSON.stringify(source) : undefined;
  const width = Math.max(1, Math.round(viewport.width));
  // Zoomed in, the window follows from the run's bounds, known from the first (whole-run) answer.
  const bounds = answer?.key === key ? answer.timeline : null;
  const duration = bounds ? Math.max(1, bounds.runEnd - bounds.runStart) : 0;
  const zoomed = bounds !== null && viewport.zoom > 1;
  const from = zoomed ? bounds.runStart + viewport.pan * duration * (1 - 1 / viewport.zoom) : undefined;
  const to = zoomed ? from! + duration / viewport.zoom : undefined;
  useEffect(() => {
    if (!sourceJson) return;
    let current = true;
    const ask = () =>
      api.debug
        .transcriptTimeline(JSON.parse(sourceJson) as TranscriptSource, {
          width,
          ...(from !== undefined ? { from } : {}),
          ...(to !== undefined ? { to } : {}),
        })
        .then(
          (timeline) => current && setAnswer({ key, timeline }),
          () => current && setAnswer({ key, timeline: null }),
        );
    // The first window of a transcript is asked for at once; the ones after as they settle.
    const timer = setTimeout(ask, answer?.key === key ? SETTLE_MS : 0);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // `answer` only picks the delay: a new answer must not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, sourceJson, key, from, to, width]);
  if (!sourceJson || answer?.key !== key) return { timeline: null, failed: false };
  return { timeline: answer.timeline, failed: answer.timeline === null };
}
