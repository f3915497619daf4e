import { createLineFramer } from './createLineFramer';

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

/**
 * Newline-delimited text lines: a trailing `\r` is removed and blank lines are skipped. A line
 * longer than `maxLineBytes` is reported once and dropped up to its newline.
 */
export function createLineSplitter(maxLineBytes: number, events: LineSplitterEvents): LineSplitter {
  const framer = createLineFramer(maxLineBytes, {
    line(bytes) {
      let end = bytes.length;
      if (end > 0 && bytes[end - 1] === 0x0d) end--;
      const text = bytes.toString('utf8', 0, end);
      if (text.trim() !== '') events.line(text);
    },
    tooLong: () => events.tooLong(maxLineBytes),
  });
  return { push: (chunk) => framer.push(chunk) };
}
