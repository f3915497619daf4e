/** What a line splitter reports for each chunk of input. */
export interface LineSplitterEvents {
  line(text: string): void;
  /** A line grew past the cap: it is skipped up to its end, never held in memory whole. */
  tooLong(maxBytes: number): void;
}

export interface LineSplitter {
  /** Splits `chunk` (UTF-8 bytes) into lines; partial lines wait for the next chunk. */
  push(chunk: Buffer): void;
}

const NEWLINE = 0x0a;

/**
 * Newline-delimited framing in linear time: chunks of a partial line are kept as they came and
 * only the new bytes are scanned for a newline, so a long line costs what its bytes cost. A line
 * longer than `maxLineBytes` is reported once and dropped up to its newline.
 */
export function createLineSplitter(maxLineBytes: number, events: LineSplitterEvents): LineSplitter {
  let parts: Buffer[] = [];
  let partBytes = 0;
  let discarding = false;

  const emit = (last: Buffer): void => {
    const whole = parts.length === 0 ? last : Buffer.concat([...parts, last], partBytes + last.length);
    parts = [];
    partBytes = 0;
    let end = whole.length;
    if (end > 0 && whole[end - 1] === 0x0d) end--;
    const text = whole.toString('utf8', 0, end);
    if (text.trim() !== '') events.line(text);
  };

  return {
    push(chunk) {
      let start = 0;
      while (start < chunk.length) {
        const newline = chunk.indexOf(NEWLINE, start);
        if (newline === -1) {
          if (!discarding) {
            const rest = chunk.subarray(start);
            if (partBytes + rest.length > maxLineBytes) {
              discarding = true;
              parts = [];
              partBytes = 0;
              events.tooLong(maxLineBytes);
            } else {
              // Copy: the caller may reuse its buffer (a synchronous read does).
              parts.push(Buffer.from(rest));
              partBytes += rest.length;
            }
          }
          return;
        }
        const piece = chunk.subarray(start, newline);
        if (discarding) discarding = false;
        else if (partBytes + piece.length > maxLineBytes) {
          parts = [];
          partBytes = 0;
          events.tooLong(maxLineBytes);
        } else emit(piece);
        start = newline + 1;
      }
    },
  };
}
