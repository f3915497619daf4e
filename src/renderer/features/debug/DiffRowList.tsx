import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { TranscriptDiffRow } from '../../../shared/transcriptDiff';

const ROW_HEIGHT = 20;

/**
 * The aligned rows of a diff, = or ≠ each, scrolled to the first difference. Only the rows in view
 * are drawn: two 20,000-call runs have as many rows, which drawn at once held the page for ~0.5 s.
 */
export function DiffRowList(props: {
  rows: readonly TranscriptDiffRow[];
  firstDifference: number | undefined;
}) {
  const { rows, firstDifference } = props;
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer is a mutable object by design; this component does not pass it to memoized children.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  useEffect(() => {
    if (firstDifference !== undefined) virtualizer.scrollToIndex(firstDifference, { align: 'center' });
  }, [virtualizer, rows, firstDifference]);
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <div className="diff-rows-scroller" ref={scroller}>
      <table className="diff-rows" aria-label="Aligned messages" data-rows-held={rows.length}>
        <tbody>
          {before > 0 && <tr aria-hidden="true" style={{ height: before }} />}
          {items.map((item) => {
            const row = rows[item.index]!;
            return (
              <tr
                key={row.key}
                style={{ height: ROW_HEIGHT }}
                className={
                  item.index === firstDifference ? 'first-difference' : row.same ? 'same' : 'different'
                }
              >
                <td>{row.same ? '=' : '≠'}</td>
                <td>{row.label}</td>
              </tr>
            );
          })}
          {after > 0 && <tr aria-hidden="true" style={{ height: after }} />}
        </tbody>
      </table>
    </div>
  );
}
