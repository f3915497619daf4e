export interface LogCollector {
  /** Appends one line; returns how many more characters may still be logged (0 once full). */
  append(line: string): number;
  /** Characters that may still be logged (0 once either cap is reached). */
  room(): number;
  lines(): string[];
}

/**
 * Applies {@link truncateLogs}'s rules incrementally, so a guest logging in a loop never holds more
 * than the caps in memory; the collected lines equal truncateLogs(allLines, maxLines, maxChars).
 */
export function createLogCollector(maxLines: number, maxChars: number): LogCollector {
  const lines: string[] = [];
  let total = 0;
  let full = maxLines <= 0 || maxChars <= 0;
  const room = (): number => (full ? 0 : maxChars - total);
  return {
    append(line) {
      if (full) return 0;
      const available = maxChars - total;
      if (line.length >= available) {
        lines.push(line.length > available ? line.slice(0, available) : line);
        total = maxChars;
        full = true;
        return 0;
      }
      lines.push(line);
      total += line.length;
      if (lines.length >= maxLines) full = true;
      return room();
    },
    room,
    lines: () => lines.slice(),
  };
}
