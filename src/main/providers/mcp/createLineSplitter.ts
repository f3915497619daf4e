/**
 * Feeds text chunks in, calls `onLine` once per complete, non-blank line (trailing whitespace and
 * `\r` removed). A line longer than `maxChars` is passed on in pieces of `maxChars`, so a stream
 * without newlines never grows the buffer.
 */
export function createLineSplitter(
  onLine: (line: string) => void,
  maxChars: number,
): (chunk: string) => void {
  let partial = '';
  const emit = (line: string) => {
    const trimmed = line.trimEnd();
    if (trimmed.trim()) onLine(trimmed);
  };
  return (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) emit(line);
    while (partial.length > maxChars) {
      emit(partial.slice(0, maxChars));
      partial = partial.slice(maxChars);
    }
  };
}
