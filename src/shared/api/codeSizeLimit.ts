import { utf8ByteLength } from '../protocol/utf8ByteLength';

/** The largest guest program a run accepts, as UTF-8 (what crosses every wire), not characters. */
export const MAX_CODE_BYTES = 1024 * 1024;

function mebibytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/** A sentence saying why `code` cannot run, or undefined when it is small enough. */
export function codeTooLargeReason(code: string): string | undefined {
  // Three UTF-8 bytes per UTF-16 unit at most: short code needs no count.
  if (code.length * 3 <= MAX_CODE_BYTES) return undefined;
  const bytes = utf8ByteLength(code);
  if (bytes <= MAX_CODE_BYTES) return undefined;
  return `The code is ${mebibytes(bytes)} as UTF-8, more than the ${mebibytes(MAX_CODE_BYTES)} a run accepts; move large data into a tool or a file and read it from there.`;
}
