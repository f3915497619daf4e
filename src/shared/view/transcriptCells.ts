import { describeDirection } from '../format/describeDirection';
import { formatDuration } from '../format/formatDuration';
import type { TranscriptRow } from './describeEntries';

/** Which call and tool come before the timing and the note, so a narrow pane still shows them. */
export const COLUMN_IDS = ['seq', 'ms', 'dir', 'type', 'call', 'tool', 'took', 'note'] as const;
export type ColumnId = (typeof COLUMN_IDS)[number];

export const COLUMN_TITLES: Record<ColumnId, string> = {
  seq: '#',
  ms: 'ms',
  dir: 'dir',
  type: 'type',
  call: 'call',
  tool: 'tool',
  took: 'took',
  note: 'note',
};

/** A cell's tooltip: the whole id or name a narrow column cuts, the direction an arrow stands for. */
export function cellTitle(row: TranscriptRow, column: ColumnId): string | undefined {
  if (column === 'dir') return describeDirection(row.direction);
  if (column === 'call' || column === 'tool') return cellText(row, column) || undefined;
  return undefined;
}

/** The text each cell shows; the widths are measured from the same text. */
export function cellText(row: TranscriptRow, column: ColumnId): string {
  switch (column) {
    case 'seq':
      return String(row.seq);
    case 'ms':
      return row.at.toFixed(1);
    case 'dir':
      if (row.isEvent) return '•';
      return row.direction === 'host_to_runner' ? '→' : '←';
    case 'type':
      return row.type;
    case 'call':
      return row.callId ?? '';
    case 'tool':
      return row.provider ? `${row.provider}.${row.tool ?? ''}` : '';
    case 'took':
      if (row.durationMs === undefined) return '';
      return row.heldMs
        ? `${formatDuration(row.durationMs)} · held ${formatDuration(row.heldMs)}`
        : formatDuration(row.durationMs);
    case 'note':
      return row.note;
  }
}

const TOOK_LENGTHS = new Map<number, number>();
const MAX_TOOK_LENGTHS = 4096;

function digitCount(whole: number): number {
  let digits = 1;
  for (let rest = whole; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  return digits;
}

/** `cellText(row, column).length`, without making the text where its length is known from the parts. */
export function cellLength(row: TranscriptRow, column: ColumnId): number {
  switch (column) {
    case 'seq':
      return Number.isSafeInteger(row.seq) && row.seq >= 0
        ? digitCount(row.seq)
        : cellText(row, column).length;
    case 'ms': {
      // toFixed(1): the whole part's digits, '.', one decimal. Where rounding could carry into one
      // more digit (9.95, 99.95, …) the text itself decides.
      const whole = Math.floor(Math.round(row.at * 10) / 10);
      const digits = digitCount(whole);
      return row.at >= 0 &&
        whole < Number.MAX_SAFE_INTEGER &&
        (whole < 10 || digits === digitCount(whole - 1))
        ? digits + 2
        : cellText(row, column).length;
    }
    case 'type':
      return row.type.length;
    case 'call':
      return row.callId?.length ?? 0;
    case 'tool':
      return row.provider ? row.provider.length + 1 + (row.tool?.length ?? 0) : 0;
    case 'took': {
      if (row.durationMs === undefined) return 0;
      if (row.heldMs) return cellText(row, column).length;
      // A run's calls take a few hundred distinct durations: each is formatted once, not per row.
      let length = TOOK_LENGTHS.get(row.durationMs);
      if (length === undefined) {
        if (TOOK_LENGTHS.size >= MAX_TOOK_LENGTHS) TOOK_LENGTHS.clear();
        length = formatDuration(row.durationMs).length;
        TOOK_LENGTHS.set(row.durationMs, length);
      }
      return length;
    }
    case 'note':
      return row.note.length;
    default:
      return cellText(row, column).length;
  }
}
