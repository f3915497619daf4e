import { forwardRef, type PointerEvent } from 'react';
import { COLUMN_IDS, COLUMN_TITLES, type ColumnId } from '../../../shared/view/transcriptCells';
import type { TranscriptColumns } from './useTranscriptColumns';

/** Column titles with drag handles; a double click on a handle sizes the column to its content again. */
export const TranscriptHeader = forwardRef<HTMLDivElement, { columns: TranscriptColumns }>(
  function TranscriptHeader({ columns }, ref) {
    const startDrag = (id: ColumnId, event: PointerEvent<HTMLSpanElement>) => {
      const cell = event.currentTarget.parentElement;
      if (!cell) return;
      event.preventDefault();
      const handle = event.currentTarget;
      handle.setPointerCapture(event.pointerId);
      const startX = event.clientX;
      const startWidth = cell.getBoundingClientRect().width;
      const move = (e: globalThis.PointerEvent) => columns.resize(id, startWidth + e.clientX - startX);
      const end = () => {
        handle.removeEventListener('pointermove', move);
        handle.removeEventListener('pointerup', end);
        handle.removeEventListener('pointercancel', end);
      };
      handle.addEventListener('pointermove', move);
      handle.addEventListener('pointerup', end);
      handle.addEventListener('pointercancel', end);
    };
    return (
      <div className="transcript-header-scroll" ref={ref} aria-hidden>
        <div
          className="transcript-header transcript-row"
          style={{ gridTemplateColumns: columns.template, minWidth: columns.totalWidth }}
        >
          {COLUMN_IDS.map((id) => (
            <span key={id} className={`col-${id}`} data-column={id}>
              {COLUMN_TITLES[id]}
              <span
                className="column-resizer"
                title="Drag to resize; double-click to fit the content"
                onPointerDown={(e) => startDrag(id, e)}
                onDoubleClick={() => columns.resize(id, null)}
              />
            </span>
          ))}
        </div>
      </div>
    );
  },
);
