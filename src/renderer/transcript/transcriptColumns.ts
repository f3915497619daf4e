import { formatDuration } from '../../shared/format';
import type { TranscriptRow } from '../../shared/view/describeEntries';
import { grewFrom } from '../../shared/view/grewFrom';

export const COLUMN_IDS = ['seq', 'ms', 'dir', 'type', 'call', 'tool', 'took', 'note'] as const;
export type ColumnId = (typeof COLUMN_IDS)[number];

export const COLUMN_TITLES: Record<ColumnId, string> = {
  seq: '#',
  ms: 'ms',
  dir: 'direction',
  type: 'type',
  call: 'call',
  tool: 'provider.tool',
  took: 'took',
  note: 'note',
};

/** The text each cell shows; the widths are measured from the same text. */
export function cellText(row: TranscriptRow, column: ColumnId): string {
  switch (column) {
    case 'seq':
      return String(row.seq);
    case 'ms':
      return row.at.toFixed(1);
    case 'dir':
      if (row.isEvent) return '•';
      return row.direction === 'host_to_runner' ? '→ runner' : '← runner';
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
    case 'took':
      return row.durationMs === undefined ? 0 : cellText(row, column).length;
    case 'note':
      return row.note.length;
    default:
      return cellText(row, column).length;
  }
}

/** Longest cell text per column, in characters, kept up to date as rows are appended. */
export interface ContentWidths {
  counted: number;
  rows: readonly TranscriptRow[] | null;
  chars: Record<ColumnId, number>;
}

const MAX_AUTO_CHARS: Record<ColumnId, number> = {
  seq: 8,
  ms: 10,
  dir: 8,
  type: 24,
  call: 40,
  tool: 48,
  took: 12,
  note: 40,
};

export function emptyContentWidths(): ContentWidths {
  const chars = Object.fromEntries(
    COLUMN_IDS.map((id) => [id, Math.min(COLUMN_TITLES[id].length, MAX_AUTO_CHARS[id])]),
  ) as Record<ColumnId, number>;
  return { counted: 0, rows: null, chars };
}

/**
 * Widths for `rows`, measuring only rows not seen before when `rows` extends the previous array
 * (a tool_call row whose duration arrives later is measured again with its tool_result).
 */
export function measureContent(previous: ContentWidths, rows: readonly TranscriptRow[]): ContentWidths {
  const extendsPrevious =
    previous.rows !== null && grewFrom(rows, previous.counted, previous.rows[previous.counted - 1]);
  const start = extendsPrevious ? previous.counted : 0;
  const chars = { ...(extendsPrevious ? previous.chars : emptyContentWidths().chars) };
  // Columns already at their widest are not measured again (most are, a few hundred rows in).
  const open = COLUMN_IDS.filter((id) => chars[id] < MAX_AUTO_CHARS[id]);
  for (let i = start; i < rows.length && open.length > 0; i++) {
    const row = rows[i]!;
    for (const id of open) {
      const length = cellLength(row, id);
      if (length > chars[id]) chars[id] = Math.min(length, MAX_AUTO_CHARS[id]);
    }
  }
  return { counted: rows.length, rows, chars };
}

/** A CSS length per column: the user's width where one was dragged, else the content's. */
export function columnWidths(
  content: ContentWidths,
  chosen: Partial<Record<ColumnId, number>>,
): Record<ColumnId, string> {
  return Object.fromEntries(
    COLUMN_IDS.map((id) => {
      const px = chosen[id];
      return [id, px !== undefined ? `${px}px` : `calc(${content.chars[id]}ch + 6px)`];
    }),
  ) as Record<ColumnId, string>;
}

const STORAGE_KEY = 'execbox.transcript.columns';

export function loadChosenWidths(): Partial<Record<ColumnId, number>> {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    if (typeof saved !== 'object' || saved === null) return {};
    return Object.fromEntries(
      Object.entries(saved).filter(
        ([id, px]) =>
          (COLUMN_IDS as readonly string[]).includes(id) && typeof px === 'number' && px >= 16 && px <= 2000,
      ),
    );
  } catch {
    return {};
  }
}

export function saveChosenWidths(widths: Partial<Record<ColumnId, number>>): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(widths));
  } catch {
    // Storage full or disabled: the widths last for this session only.
  }
}
