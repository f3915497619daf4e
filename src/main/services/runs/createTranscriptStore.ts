import type { TranscriptEntry } from '../../../shared/transcript';
import { createCallIdIndex } from './createCallIdIndex';
import { createLineFile, LineFileError, type LineFile } from '../../system/createLineFile';

/** A run's transcript as its readers see it: counted, and read a page at a time. */
export interface TranscriptReader {
  readonly count: number;
  /** Entries held as objects in memory (the rest are on disk). */
  readonly entriesInMemory: number;
  /** Entries `from` up to (not including) `to`; a done message is the very object that was added. */
  page(from: number, to: number): TranscriptEntry[];
  /** The JSON of entries `from` up to (not including) `to`, unparsed (what a search reads). */
  lines(from: number, to: number): string[];
  /** Entry numbers that may belong to call `callId` (every one that does): see createCallIdIndex. */
  entriesOfCall(callId: string): number[];
  /** Every entry as JSON lines (`\n` after each), handed over in chunks: for a file, a copy of its bytes. */
  copyLines(write: (chunk: Buffer | string) => Promise<unknown>): Promise<void>;
  /** Keeps the transcript until a matching `release`. */
  retain(): void;
  release(): void;
}

export interface TranscriptStore extends TranscriptReader {
  add(entry: TranscriptEntry): void;
}

export interface TranscriptStoreOptions {
  /** Past this many entries, the transcript moves to an append-only file and stays there. */
  memoryEntries: number;
  /** Where that file goes (called at most once, when it is needed). */
  filePath(): string;
  /** The file could not be made: the transcript stays in memory, and this hears why. */
  onFileProblem?(error: Error): void;
}

const PAGE_FOR_COPY = 2000;

/**
 * Holds a run's transcript: in memory while short, and once it passes `memoryEntries` in an
 * append-only JSON-lines file with an offset index, so a long run costs the host a few bytes per 32
 * entries. Done messages stay in memory too: a page hands back the very object the result carries.
 * The file is deleted when the last holder releases the store.
 */
export function createTranscriptStore(options: TranscriptStoreOptions): TranscriptStore {
  let memory: TranscriptEntry[] = [];
  let file: LineFile | undefined;
  const pinned = new Map<number, TranscriptEntry>();
  let callIds = createCallIdIndex();
  let holders = 1;
  let count = 0;

  let fileProblem = false;

  const spill = () => {
    let opened: LineFile;
    try {
      opened = createLineFile(options.filePath());
    } catch (error) {
      fileProblem = true;
      options.onFileProblem?.(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    for (const entry of memory) opened.append(JSON.stringify(entry));
    file = opened;
    memory = [];
  };

  const parse = (line: string, seq: number): TranscriptEntry => {
    try {
      return JSON.parse(line) as TranscriptEntry;
    } catch {
      throw new LineFileError(
        `the transcript store ${file!.path} holds no JSON at entry ${seq} (it was changed)`,
      );
    }
  };

  const store: TranscriptStore = {
    get count() {
      return count;
    },
    get entriesInMemory() {
      return file ? pinned.size : memory.length;
    },
    add(entry) {
      if (holders === 0) throw new Error('the transcript was released');
      if (entry.kind === 'message' && entry.message.type === 'done') pinned.set(count, entry);
      callIds.add(count, entry);
      count += 1;
      if (file) file.append(JSON.stringify(entry));
      else {
        memory.push(entry);
        if (memory.length > options.memoryEntries && !fileProblem) spill();
      }
    },
    page(from, to) {
      to = Math.min(to, count);
      if (!file) return memory.slice(from, to);
      return file.read(from, to).map((line, index) => pinned.get(from + index) ?? parse(line, from + index));
    },
    lines(from, to) {
      to = Math.min(to, count);
      if (!file) return memory.slice(from, to).map((entry) => JSON.stringify(entry));
      return file.read(from, to);
    },
    entriesOfCall(callId) {
      return callIds.entriesOf(callId, count);
    },
    async copyLines(write) {
      if (file) return file.copyTo(write);
      for (let from = 0; from < count; from += PAGE_FOR_COPY) {
        const lines = memory.slice(from, from + PAGE_FOR_COPY).map((entry) => `${JSON.stringify(entry)}\n`);
        await write(lines.join(''));
      }
    },
    retain() {
      if (holders === 0) throw new Error('the transcript was released');
      holders += 1;
    },
    release() {
      if (holders === 0) return;
      holders -= 1;
      if (holders > 0) return;
      file?.remove();
      memory = [];
      pinned.clear();
      callIds = createCallIdIndex();
    },
  };
  return store;
}
