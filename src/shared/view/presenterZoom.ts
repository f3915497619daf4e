/** Presenter mode's zoom, in percent of the normal size. */
export const DEFAULT_PRESENTER_ZOOM = 130;
export const MIN_PRESENTER_ZOOM = 100;
export const MAX_PRESENTER_ZOOM = 200;
const STEP = 10;

/** A whole step of ten inside the allowed range; anything unreadable (a hand-edited setting) is the default. */
export function clampZoom(percent: number): number {
  if (!Number.isFinite(percent)) return DEFAULT_PRESENTER_ZOOM;
  const stepped = Math.round(percent / STEP) * STEP;
  return Math.min(MAX_PRESENTER_ZOOM, Math.max(MIN_PRESENTER_ZOOM, stepped));
}

/** One step in (+1) or out (-1), or back to the default (0). */
export function stepZoom(percent: number, direction: 1 | -1 | 0): number {
  if (direction === 0) return DEFAULT_PRESENTER_ZOOM;
  return clampZoom(clampZoom(percent) + direction * STEP);
}
