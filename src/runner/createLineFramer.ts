/** What a line framer reports while it cuts a byte stream at newlines. */
export interface LineFramerEvents {
  /** A whole line's bytes, without its `\n` (a `\r` before it is kept). */
  line(bytes: Buffer): void;
  /** A line grew past the cap; `held` is what came of it so far. The framer keeps none of it. */
  tooLong(held: Buffer[]): void;
  /** More bytes of the line that is too long. */
  tooLongPart?(bytes: Buffer): void;
  /** The newline that ends the line that was too long. */
  tooLongEnd?(): void;
}

export interface LineFramer {
  /** Cuts `chunk` at newlines; a partial line waits for the next chunk. */
  push(chunk: Buffer): void;
  /** The partial last line, if the stream ended without a newline (and was not too long). */
  rest(): Buffer | undefined;
}

const NEWLINE = 0x0a;

/**
 * Newline framing of raw bytes in linear time: chunks of a partial line are kept as they came and
 * only the new bytes are scanned for a newline, so a long line costs what its bytes cost. A line
 * longer than `maxLineBytes` is never held whole: it is handed on in pieces as they arrive.
 */
export function createLineFramer(maxLineBytes: number, events: LineFramerEvents): LineFramer {
  let parts: Buffer[] = [];
  let partBytes = 0;
  let overlong = false;

  const take = (): Buffer[] => {
    const held = parts;
    parts = [];
    partBytes = 0;
    return held;
  };

  return {
    push(chunk) {
      let start = 0;
      while (start < chunk.length) {
        const newline = chunk.indexOf(NEWLINE, start);
        const piece = chunk.subarray(start, newline === -1 ? chunk.length : newline);
        if (overlong) {
          if (piece.length > 0) events.tooLongPart?.(piece);
        } else if (partBytes + piece.length > maxLineBytes) {
          overlong = true;
          events.tooLong([...take(), piece]);
        } else if (newline !== -1) {
          const held = take();
          events.line(held.length === 0 ? piece : Buffer.concat([...held, piece]));
        } else {
          // Copy: the caller may reuse its buffer (a synchronous read does).
          parts.push(Buffer.from(piece));
          partBytes += piece.length;
        }
        if (newline === -1) return;
        if (overlong) {
          overlong = false;
          events.tooLongEnd?.();
        }
        start = newline + 1;
      }
    },
    rest() {
      return parts.length === 0 ? undefined : Buffer.concat(take());
    },
  };
}
