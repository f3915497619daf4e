import { useEffect, useRef, useState, type MutableRefObject } from 'react';

/**
 * Asks again for what a run still going shows: while `active`, `delayMs` after each new `answer`,
 * `refreshes` goes up, unless a request is still awaited (its answer schedules the next). Requests
 * count themselves in `awaitedRef` while they are out.
 */
export function useLiveRefresh(
  active: boolean,
  answer: unknown,
  delayMs: number,
): { refreshes: number; awaitedRef: MutableRefObject<number> } {
  const [refreshes, setRefreshes] = useState(0);
  const awaitedRef = useRef(0);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => {
      if (awaitedRef.current === 0) setRefreshes((count) => count + 1);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [active, answer, delayMs]);
  return { refreshes, awaitedRef };
}
