import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { createOffsetList } from './createOffsetList';

const STRIDE = 32;
const CHUNK_BYTES = 1024 * 1024;

/** A text file of lines, indexed once so that any run of lines is one positioned read. */
export interface LineIndex {
  /** Lines in the file (a last line without a newline counts). */
  readonly count: number;
  /** The last line ends in a newline (else it may have been cut short). */
  readonly endsWithNewline: boolean;
  /** Lines `from` up to (not including) `to`. */
  read(from: number, to: number): Promise<string[]>;
  /** As `read`, at once: for readers that take lines synchronously (a search's TranscriptLines). */
  readSync(from: number, to: number): string[];
}

/**
 * Scans `file` once for newlines, keeping where every 32nd line starts (a few bytes per 32 lines),
 * so a saved transcript of a million entries can be read a page at a time. A file that changed size
 * since (cut short, appended to) is reported by name rather than misread.
 */
export async function indexLineFile(file: string): Promise<LineIndex> {
  const checkpoints = createOffsetList();
  let count = 0;
  let size = 0;
  let lineStart = true;
  const handle = await open(file, 'r');
  try {
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, size);
      if (bytesRead === 0) break;
      for (let at = 0; at < bytesRead;) {
        if (lineStart) {
          if (count % STRIDE === 0) checkpoints.push(size + at);
          count += 1;
          lineStart = false;
        }
        const newline = chunk.indexOf(10, at);
        if (newline === -1 || newline >= bytesRead) break;
        at = newline + 1;
        lineStart = true;
      }
      size += bytesRead;
    }
  } finally {
    await handle.close();
  }
  const readSyncLines = (from: number, to: number): string[] => {
    to = Math.min(to, count);
    if (from >= to) return [];
    const start = checkpoints.at(Math.floor(from / STRIDE))!;
    const end = checkpoints.at(Math.ceil(to / STRIDE)) ?? size;
    const reader = openSync(file, 'r');
    try {
      const now = fstatSync(reader).size;
      if (now !== size)
        throw new Error(
          `${file} changed since it was opened (${size} bytes then, ${now} now): open it again`,
        );
      const bytes = Buffer.allocUnsafe(end - start);
      let got = 0;
      while (got < bytes.length) {
        const n = readSync(reader, bytes, got, bytes.length - got, start + got);
        if (n === 0) break;
        got += n;
      }
      if (got !== bytes.length)
        throw new Error(`${file} ends at byte ${start + got}, before byte ${end} where line ${to} ends`);
      const first = Math.floor(from / STRIDE) * STRIDE;
      const lines = bytes.toString('utf8').split('\n');
      return lines.slice(from - first, to - first);
    } finally {
      closeSync(reader);
    }
  };
  return {
    count,
    endsWithNewline: size > 0 && lineStart,
    read: async (from, to) => readSyncLines(from, to),
    readSync: readSyncLines,
  };
}
