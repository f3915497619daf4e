import { useEffect, useState } from 'react';

/** The time now, again every `everyMs` while `ticking`: for "waiting 12 s" that counts up. */
export function useNow(everyMs: number, ticking = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, ticking]);
  return now;
}
