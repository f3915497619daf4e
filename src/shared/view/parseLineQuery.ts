export type LineQuery =
  { ok: true; empty: boolean; test(line: string): boolean } | { ok: false; message: string };

/** Longest pattern accepted: a search box, not a program. */
const MAX_QUERY_CHARS = 1_000;

/**
 * A console search: plain text (case-insensitive) or `/regex/flags` (JavaScript syntax). A bad
 * regular expression is an error that says why; the empty query matches nothing and filters nothing.
 */
export function parseLineQuery(text: string): LineQuery {
  if (text.length > MAX_QUERY_CHARS)
    return { ok: false, message: `the search is longer than ${MAX_QUERY_CHARS} characters` };
  const regex = /^\/(.+)\/([a-z]*)$/s.exec(text);
  if (regex) {
    const flags = regex[2]!.replace(/[gy]/g, '');
    try {
      const pattern = new RegExp(regex[1]!, flags);
      return { ok: true, empty: false, test: (line) => pattern.test(line) };
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  }
  const needle = text.toLowerCase();
  return {
    ok: true,
    empty: needle === '',
    test: (line) => needle !== '' && line.toLowerCase().includes(needle),
  };
}

/** Positions of the lines that match, in order. */
export function matchingLines(lines: readonly { text: string }[], query: LineQuery): number[] {
  if (!query.ok || query.empty) return [];
  const found: number[] = [];
  for (let i = 0; i < lines.length; i++) if (query.test(lines[i]!.text)) found.push(i);
  return found;
}
