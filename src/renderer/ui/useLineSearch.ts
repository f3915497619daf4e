import { useDeferredValue, useMemo, useState } from 'react';
import { matchingLines, parseLineQuery } from '../../shared/view/parseLineQuery';

/**
 * Search over console lines: the query (plain or /regex/), the matching positions, and the current
 * match stepped by next and previous. Matching runs on a deferred copy of the query, so typing
 * stays responsive while 100,000 lines are searched.
 */
export function useLineSearch(lines: readonly { text: string }[]) {
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState<number | null>(null);
  const deferred = useDeferredValue(query);
  const parsed = useMemo(() => parseLineQuery(deferred), [deferred]);
  const matches = useMemo(() => matchingLines(lines, parsed), [lines, parsed]);
  const matchSet = useMemo(() => new Set(matches), [matches]);
  const shown = current !== null && current < matches.length ? current : null;
  return {
    query,
    setQuery: (next: string) => {
      setQuery(next);
      setCurrent(null);
    },
    error: parsed.ok ? null : parsed.message,
    searching: parsed.ok && !parsed.empty,
    matches,
    matchSet,
    /** Which match is current (0-based), if one was stepped to. */
    current: shown,
    /** The line position of the current match. */
    currentLine: shown === null ? null : matches[shown]!,
    /** Steps to the next (1) or previous (-1) match, wrapping around; answers its line position. */
    step(direction: 1 | -1): number | null {
      if (matches.length === 0) return null;
      const next =
        shown === null
          ? direction === 1
            ? 0
            : matches.length - 1
          : (shown + direction + matches.length) % matches.length;
      setCurrent(next);
      return matches[next]!;
    },
  };
}

export type LineSearch = ReturnType<typeof useLineSearch>;
