import { useCallback, useEffect, useLayoutEffect, useState } from 'react';

export interface FixedRowWindow {
  /** The first row to draw and one past the last (on screen plus the overscan). */
  start: number;
  end: number;
  /** The height of all rows together: the scrolled content's height. */
  totalSize: number;
  /** Scrolls so that row `index` is in the middle of the view. */
  scrollToIndex(index: number): void;
}

interface Options {
  /** The scrolling element (null until it is in the page). */
  scroller: HTMLElement | null;
  count: number;
  rowHeight: number;
  overscan: number;
  /** Keep the view on the last row as rows are added. */
  followEnd: boolean;
}

/**
 * The rows of a list of equal-height rows that are on screen, from plain arithmetic. Unlike a
 * general virtualizer (which keeps an offset per row and rebuilds it when the count changes), this
 * costs the same at 100 rows or 100,000, so a long run streaming in stays smooth; and while
 * following the end it draws the last rows in the same render that adds them, with one scroll
 * write and no layout read.
 */
export function useFixedRowWindow({
  scroller,
  count,
  rowHeight,
  overscan,
  followEnd,
}: Options): FixedRowWindow {
  const [viewport, setViewport] = useState({ top: 0, height: 0 });

  useLayoutEffect(() => {
    const element = scroller;
    if (!element) return;
    const measure = () => setViewport({ top: element.scrollTop, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [scroller]);

  useEffect(() => {
    const element = scroller;
    if (!element) return;
    // While following, the rows drawn do not depend on where the view is: no render per scroll
    // (and no read of scrollTop, which would force a layout while batches stream in).
    if (followEnd) return;
    // A render only when the first row on screen changes, not per pixel scrolled.
    const onScroll = () =>
      setViewport((old) => {
        const top = element.scrollTop;
        return Math.floor(top / rowHeight) === Math.floor(old.top / rowHeight) ? old : { ...old, top };
      });
    // The view moved while following without this state knowing.
    onScroll();
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [scroller, followEnd, rowHeight]);

  const totalSize = count * rowHeight;
  const onScreen = Math.ceil(viewport.height / rowHeight) + 1;
  let start: number;
  let end: number;
  if (followEnd) {
    end = count;
    start = Math.max(0, count - onScreen - overscan);
  } else {
    const first = Math.floor(viewport.top / rowHeight);
    start = Math.max(0, Math.min(count, first) - overscan);
    end = Math.min(count, first + onScreen + overscan);
  }

  useLayoutEffect(() => {
    if (!followEnd || !scroller) return;
    // Scheduled in the commit and written at the start of the next frame, before it is drawn (so no
    // frame shows a gap), where the layout it needs is the frame's own: written right after the
    // commit, it forced one more layout into every batch's task. The browser clamps it to the end.
    // Again when the view changes height (a horizontal scrollbar appearing takes from it).
    const frame = requestAnimationFrame(() => scroller.scrollTo({ top: totalSize }));
    return () => cancelAnimationFrame(frame);
  }, [followEnd, totalSize, viewport.height, scroller]);

  const scrollToIndex = useCallback(
    (index: number) => {
      scroller?.scrollTo({ top: Math.max(0, index * rowHeight - (scroller.clientHeight - rowHeight) / 2) });
    },
    [scroller, rowHeight],
  );

  return { start, end, totalSize, scrollToIndex };
}
