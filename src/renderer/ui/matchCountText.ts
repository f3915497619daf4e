/** "No matches", "12 matches", or "3 of 12" once one was stepped to. */
export function matchCountText(matchCount: number, current: number | null): string {
  if (matchCount === 0) return 'No matches';
  const total = matchCount.toLocaleString('en-US');
  return current === null
    ? `${total} match${matchCount === 1 ? '' : 'es'}`
    : `${(current + 1).toLocaleString('en-US')} of ${total}`;
}
