/**
 * The runner specification's log truncation: keep the earliest `maxLines` lines, then keep characters
 * cumulatively up to `maxChars`, clipping the line where the limit falls and dropping the rest.
 */
export function truncateLogs(lines: readonly string[], maxLines: number, maxChars: number): string[] {
  const kept: string[] = [];
  let total = 0;
  for (const line of lines.slice(0, maxLines)) {
    if (total >= maxChars) break;
    const room = maxChars - total;
    if (line.length > room) {
      kept.push(line.slice(0, room));
      break;
    }
    kept.push(line);
    total += line.length;
  }
  return kept;
}
