import type { TranscriptRow } from '../../../shared/view/describeEntries';
import { grewFrom } from '../../../shared/view/grewFrom';
import { cellLength, COLUMN_IDS, COLUMN_TITLES, type ColumnId } from '../../../shared/view/transcriptCells';

/** Longest cell text per column, in characters, kept up to date as rows are appended. */
export interface ContentWidths {
  counted: number;
  rows: readonly TranscriptRow[] | null;
  chars: Record<ColumnId, number>;
}

const MAX_AUTO_CHARS: Record<ColumnId, number> = {
  seq: 8,
  ms: 10,
  dir: 3,
  type: 24,
  // Longer ids and names are cut with an ellipsis (the cell's title has them whole).
  call: 14,
  tool: 24,
  took: 12,
  note: 24,
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
