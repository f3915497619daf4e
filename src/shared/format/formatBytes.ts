import { trimNumber } from './trimNumber';

const decimalsFor = (scaled: number): number => (scaled < 10 ? 2 : scaled < 100 ? 1 : 0);

const UNITS = ['KiB', 'MiB', 'GiB', 'TiB'] as const;

/** A size in binary units, as the limits are set: `512 B`, `1.5 KiB`, `64 MiB`, `1.25 GiB`. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return '–';
  const value = Math.max(0, Math.round(bytes));
  if (value < 1024) return `${value} B`;
  let scaled = value;
  let unit = -1;
  while (scaled >= 1024 && unit < UNITS.length - 1) {
    scaled /= 1024;
    unit += 1;
  }
  // Rounding may reach the next unit (1023.9 KiB → "1024 KiB"): step up instead.
  if (Number(trimNumber(scaled, decimalsFor(scaled))) >= 1024 && unit < UNITS.length - 1) {
    scaled /= 1024;
    unit += 1;
  }
  return `${trimNumber(scaled, decimalsFor(scaled))} ${UNITS[unit]}`;
}
