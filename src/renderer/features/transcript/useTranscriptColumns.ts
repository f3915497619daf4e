import { useCallback, useState } from 'react';
import { COLUMN_IDS, type ColumnId } from '../../../shared/view/transcriptCells';
import { columnWidths, loadChosenWidths, saveChosenWidths, type ContentWidths } from './transcriptColumns';

export interface TranscriptColumns {
  widths: Record<ColumnId, string>;
  /** CSS grid-template-columns for the header and every row. */
  template: string;
  /** The rows' least width; narrower panes scroll horizontally. */
  totalWidth: string;
  resize(id: ColumnId, px: number | null): void;
}

const GAP_PX = 5;
const PADDING_PX = 12;

/** Column widths sized to the content, overridden by the user's drags and remembered across sessions. */
export function useTranscriptColumns(content: ContentWidths): TranscriptColumns {
  const [chosen, setChosen] = useState(loadChosenWidths);
  const resize = useCallback((id: ColumnId, px: number | null) => {
    setChosen((old) => {
      const next = { ...old };
      if (px === null) delete next[id];
      else next[id] = Math.round(Math.max(16, Math.min(2000, px)));
      saveChosenWidths(next);
      return next;
    });
  }, []);
  const widths = columnWidths(content, chosen);
  const last = COLUMN_IDS.at(-1)!;
  const template = COLUMN_IDS.map((id) =>
    id === last && chosen[id] === undefined ? `minmax(${widths[id]}, 1fr)` : widths[id],
  ).join(' ');
  const totalWidth = `calc(${COLUMN_IDS.map((id) => widths[id]).join(' + ')} + ${
    GAP_PX * (COLUMN_IDS.length - 1) + PADDING_PX
  }px)`;
  return { widths, template, totalWidth, resize };
}
