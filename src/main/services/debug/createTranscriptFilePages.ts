import { stat } from 'node:fs/promises';
import type { TranscriptPage } from '../../../shared/api/debug';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import type { TranscriptEntry } from '../../../shared/transcript';
import { checkTranscriptEntry } from '../../../shared/transcriptEntryCheck';
import { parseTranscript, type TranscriptProblem } from '../../../shared/transcriptFile';
import { indexLineFile, type LineIndex } from '../../system/indexLineFile';
import { checkTranscriptRange } from '../runs/transcriptSlice';

/** Files whose line index is kept: the two sides of a diff and a little more. */
const KEPT_FILES = 4;

export interface TranscriptFilePages {
  /** A page of a saved transcript file, read without loading the rest of it. */
  page(file: string, range: unknown): Promise<TranscriptPage>;
}

/**
 * Serves pages of saved transcript files: each file is scanned once for where its lines start (and
 * again when its size or time changes); a page is one positioned read, checked line by line as
 * `parseTranscript` checks a whole file, and stops at the first bad line, naming it.
 */
export function createTranscriptFilePages(): TranscriptFilePages {
  const indexes = new Map<string, { size: number; mtimeMs: number; index: Promise<LineIndex> }>();

  async function indexOf(file: string): Promise<LineIndex> {
    const info = await stat(file).catch((error: unknown) => {
      throw new InvalidArgumentError(`Cannot open ${file}: ${(error as Error).message}`);
    });
    const known = indexes.get(file);
    if (known && known.size === info.size && known.mtimeMs === info.mtimeMs) {
      indexes.delete(file);
      indexes.set(file, known);
      return known.index;
    }
    const index = indexLineFile(file);
    indexes.set(file, { size: info.size, mtimeMs: info.mtimeMs, index });
    index.catch(() => indexes.delete(file));
    for (const oldest of indexes.keys()) {
      if (indexes.size <= KEPT_FILES) break;
      indexes.delete(oldest);
    }
    return index;
  }

  return {
    async page(file, range) {
      const index = await indexOf(file);
      const count = Math.max(0, index.count - 1);
      const { from, to } = checkTranscriptRange(range, count);
      const [headerLine = ''] = await index.read(0, 1);
      const { header, problems } = parseTranscript(`${headerLine}\n`);
      const entries: TranscriptEntry[] = [];
      const lines = header ? await index.read(1 + from, 1 + Math.min(to, count)) : [];
      let lastSeq = -1;
      for (const [offset, line] of lines.entries()) {
        const problem = (reason: string): TranscriptProblem => ({ line: 2 + from + offset, reason });
        let value: unknown;
        try {
          value = JSON.parse(line);
        } catch (error) {
          problems.push(problem(`invalid JSON (${(error as Error).message})`));
          break;
        }
        const checked = checkTranscriptEntry(value);
        if (!checked.ok) {
          problems.push(problem(checked.reason));
          break;
        }
        if (checked.entry.seq <= lastSeq) {
          problems.push(problem(`seq ${checked.entry.seq} is not after the previous entry's seq ${lastSeq}`));
          break;
        }
        lastSeq = checked.entry.seq;
        entries.push(checked.entry);
      }
      return { header, count, entries, problems };
    },
  };
}
