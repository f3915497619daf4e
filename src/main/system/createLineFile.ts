import { createOffsetList } from './createOffsetList';
import { closeSync, constants, fstatSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';

/** Every STRIDE-th line's byte offset is kept: the index costs a few bytes per 32 lines. */
const STRIDE = 32;
/** Appended lines wait in memory up to this many bytes, then go to the file in one write. */
const WRITE_BUFFER_BYTES = 256 * 1024;
const COPY_CHUNK_BYTES = 1024 * 1024;

export interface LineFile {
  readonly path: string;
  /** Lines appended so far (written or waiting in the write buffer). */
  readonly count: number;
  /** One line of text without a newline; it is written later, in a batch. */
  append(line: string): void;
  /** Lines `from` up to (not including) `to`, read back from the file. */
  read(from: number, to: number): string[];
  /** Writes what waits in the buffer; afterwards the file holds every line, each ending in `\n`. */
  flush(): void;
  /** Hands over the whole file, chunk by chunk, each chunk written before the next is read. */
  copyTo(write: (chunk: Buffer) => Promise<unknown>): Promise<void>;
  /** Bytes of the file once flushed (every line and its newline). */
  bytes(): number;
  /** Closes and deletes the file. */
  remove(): void;
}

export class LineFileError extends Error {}

/**
 * An append-only file of text lines with a sparse in-memory index of where each 32nd line starts,
 * so a long run's transcript lives on disk and any page of it is one positioned read. The file is
 * created new (never through a link or over an existing file) and readable by this user only.
 */
export function createLineFile(path: string): LineFile {
  let fd: number;
  try {
    fd = openSync(
      path,
      constants.O_CREAT | constants.O_EXCL | constants.O_RDWR | (constants.O_NOFOLLOW ?? 0),
      0o600,
    );
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const why = code === 'EEXIST' ? 'something is already there (a file or a link)' : String(error);
    throw new LineFileError(`cannot create the transcript store ${path}: ${why}`);
  }
  const checkpoints = createOffsetList();
  let count = 0;
  let written = 0;
  let buffered: string[] = [];
  let bufferedBytes = 0;
  let closed = false;

  const flush = () => {
    if (buffered.length === 0) return;
    const chunk = Buffer.from(buffered.join(''), 'utf8');
    buffered = [];
    bufferedBytes = 0;
    let done = 0;
    while (done < chunk.length) done += writeSync(fd, chunk, done, chunk.length - done, written + done);
    written += chunk.length;
  };

  const fail = (reason: string): never => {
    throw new LineFileError(`the transcript store ${path} ${reason}`);
  };

  return {
    path,
    get count() {
      return count;
    },
    append(line) {
      if (closed) fail('is closed');
      const size = Buffer.byteLength(line, 'utf8') + 1;
      if (count % STRIDE === 0) checkpoints.push(written + bufferedBytes);
      buffered.push(line, '\n');
      bufferedBytes += size;
      count += 1;
      if (bufferedBytes >= WRITE_BUFFER_BYTES) flush();
    },
    read(from, to) {
      if (closed) fail('is closed');
      to = Math.min(to, count);
      if (from >= to) return [];
      flush();
      const start = checkpoints.at(Math.floor(from / STRIDE))!;
      const endCheckpoint = checkpoints.at(Math.ceil(to / STRIDE));
      const end = endCheckpoint ?? written;
      const size = fstatSync(fd).size;
      if (size < end) fail(`ends at byte ${size}, but its index points at byte ${end} (it was cut short)`);
      const bytes = Buffer.allocUnsafe(end - start);
      let got = 0;
      while (got < bytes.length) {
        const n = readSync(fd, bytes, got, bytes.length - got, start + got);
        if (n === 0) fail(`ends at byte ${start + got}, but its index points at byte ${end}`);
        got += n;
      }
      const lines = bytes.toString('utf8').split('\n');
      const first = Math.floor(from / STRIDE) * STRIDE;
      const last = endCheckpoint === undefined ? count : Math.ceil(to / STRIDE) * STRIDE;
      if (lines.length !== last - first + 1 || lines[lines.length - 1] !== '')
        fail(`does not hold the lines its index expects between bytes ${start} and ${end} (it was changed)`);
      return lines.slice(from - first, to - first);
    },
    flush,
    async copyTo(write) {
      if (closed) fail('is closed');
      flush();
      const chunk = Buffer.allocUnsafe(COPY_CHUNK_BYTES);
      for (let at = 0; at < written;) {
        const n = readSync(fd, chunk, 0, Math.min(chunk.length, written - at), at);
        if (n === 0) fail(`ends at byte ${at}, but ${written} bytes were written to it (it was cut short)`);
        await write(chunk.subarray(0, n));
        at += n;
      }
    },
    bytes() {
      flush();
      return written;
    },
    remove() {
      if (closed) return;
      closed = true;
      buffered = [];
      closeSync(fd);
      try {
        unlinkSync(path);
      } catch {
        // Already gone (its folder was removed): nothing left to free.
      }
    },
  };
}
