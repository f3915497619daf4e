import { trimNumber } from './trimNumber';

/**
 * A duration for people: `0.4 ms`, `4.6 ms`, `457 ms`, `1.24 s`, `27.1 s`, `2 min 5 s`.
 * About three significant digits below a minute; never a float's noise.
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '–';
  const value = Math.max(0, ms);
  if (value < 10) return `${trimNumber(value, value < 1 ? 2 : 1)} ms`;
  if (value < 999.5) return `${Math.round(value)} ms`;
  if (value < 9_995) return `${trimNumber(value / 1000, 2)} s`;
  if (value < 59_950) return `${trimNumber(value / 1000, 1)} s`;
  const totalSeconds = Math.round(value / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  return seconds > 0 ? `${minutes} min ${seconds} s` : `${minutes} min`;
}

/** A transcript offset in milliseconds with one decimal (`12.3`), for aligned columns and axes. */
export function formatOffsetMs(ms: number): string {
  return Number.isFinite(ms) ? (Math.round(ms * 10) / 10).toFixed(1) : '–';
}
