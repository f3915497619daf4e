import { stat } from 'node:fs/promises';
import type { TranscriptPage } from '../../../shared/api/debug';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import type { TranscriptEntry } from '../../../shared/transcript';
import {
  checkTranscriptLine,
  parseTranscript,
  type TranscriptHeader,
  type TranscriptProblem,
} from '../../../shared/transcriptFile';
import { indexLineFile, type LineIndex } from '../../system/indexLineFile';
import type { TranscriptLines } from '../runs/searchTranscript';
import { checkTranscriptRange } from '../runs/transcriptSlice';
import { WALK_PAGE } from './transcriptSourceReader';
import { describeFsError } from './transcriptFiles';

/** Files whose line index is kept: the two sides of a diff and a little more. */
const KEPT_FILES = 4;

/** A whole file as checked once: its header, its valid entries (up to the first bad line) and what broke. */
export interface TranscriptFileCheck {
  header: TranscriptHeader | null;
  /** Entries before the first bad line: all of them in a valid file. */
  count: number;
  problems: TranscriptProblem[];
}

export interface TranscriptFilePages {
  /** A page of a saved transcript file, read without loading the rest of it. */
  page(file: string, range: unknown): Promise<TranscriptPage>;
  /** The file checked line by line to its first bad line, a page at a time (kept until it changes). */
  check(file: string): Promise<TranscriptFileCheck>;
  /** The file's valid entries as JSON lines, for a search or a table's rows (`count`: the valid ones). */
  lines(file: string): Promise<TranscriptLines>;
}

interface KnownFile {
  size: number;
  mtimeMs: number;
  index: Promise<LineIndex>;
  checked?: Promise<TranscriptFileCheck>;
}

/**
 * Serves pages of saved transcript files: each file is scanned once for where its lines start (and
 * again when its size or time changes); a page is one positioned read, checked line by line as
 * `parseTranscript` checks a whole file, and stops at the first bad line, naming it.
 */
export function createTranscriptFilePages(): TranscriptFilePages {
  const known = new Map<string, KnownFile>();

  async function knownFile(file: string): Promise<KnownFile> {
    const info = await stat(file).catch((error: unknown) => {
      throw new InvalidArgumentError(`Cannot open ${file}: there is ${describeFsError(error)}.`);
    });
    const kept = known.get(file);
    if (kept && kept.size === info.size && kept.mtimeMs === info.mtimeMs) {
      known.delete(file);
      known.set(file, kept);
      return kept;
    }
    const index = indexLineFile(file);
    const fresh: KnownFile = { size: info.size, mtimeMs: info.mtimeMs, index };
    known.set(file, fresh);
    index.catch(() => known.delete(file));
    for (const oldest of known.keys()) {
      if (known.size <= KEPT_FILES) break;
      known.delete(oldest);
    }
    return fresh;
  }

  async function headerOf(index: LineIndex) {
    const [headerLine = ''] = await index.read(0, 1);
    return parseTranscript(`${headerLine}\n`);
  }

  async function checkWhole(file: string, index: LineIndex): Promise<TranscriptFileCheck> {
    const { header, problems } = await headerOf(index);
    if (!header) return { header, count: 0, problems };
    const lineCount = Math.max(0, index.count - 1);
    let lastSeq = -1;
    for (let from = 0; from < lineCount; from += WALK_PAGE) {
      const lines = await index.read(1 + from, 1 + from + WALK_PAGE);
      const checked = checkEntryLines(file, index, lines, from, lastSeq);
      if (checked.problem)
        return { header, count: from + checked.entries.length, problems: [checked.problem] };
      lastSeq = checked.lastSeq;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { header, count: lineCount, problems: [] };
  }

  /** Checked once per version of the file; a check that failed (the file changed meanwhile) is tried again. */
  function checkedOf(file: string, kept: KnownFile): Promise<TranscriptFileCheck> {
    if (!kept.checked) {
      const checked = kept.index.then((index) => checkWhole(file, index));
      kept.checked = checked;
      checked.catch(() => {
        if (kept.checked === checked) delete kept.checked;
      });
    }
    return kept.checked;
  }

  return {
    async page(file, range) {
      const index = await (await knownFile(file)).index;
      const count = Math.max(0, index.count - 1);
      const { from, to } = checkTranscriptRange(range, count);
      const { header, problems } = await headerOf(index);
      if (!header) return { header, count, entries: [], problems };
      const lines = await index.read(1 + from, 1 + Math.min(to, count));
      const checked = checkEntryLines(file, index, lines, from, -1);
      return { header, count, entries: checked.entries, problems: checked.problem ? [checked.problem] : [] };
    },
    check: async (file) => checkedOf(file, await knownFile(file)),
    async lines(file) {
      const kept = await knownFile(file);
      const { count } = await checkedOf(file, kept);
      const index = await kept.index;
      // Line 1 is the header: entry k is line k + 1 (0-based), read only up to the first bad line.
      return { count, lines: (from, to) => index.readSync(1 + from, 1 + Math.min(to, count)) };
    },
  };
}

/**
 * Entry lines `from` on (entry numbers; `lastSeq`: the seq of the entry before) checked as
 * `parseTranscript` checks a whole file: the valid ones, up to the first bad line, named in `problem`.
 */
function checkEntryLines(
  file: string,
  index: LineIndex,
  lines: readonly string[],
  from: number,
  lastSeq: number,
): { entries: TranscriptEntry[]; problem?: TranscriptProblem; lastSeq: number } {
  const entries: TranscriptEntry[] = [];
  for (const [offset, text] of lines.entries()) {
    // Entry k is the file's line k + 2 (1-based): line 1 is the header.
    const line = 2 + from + offset;
    const checked = checkTranscriptLine(text, {
      source: file,
      line,
      mayBeTruncated: line === index.count && !index.endsWithNewline,
      lastSeq,
    });
    if (!checked.ok) return { entries, lastSeq, problem: { line, reason: checked.reason } };
    lastSeq = checked.entry.seq;
    entries.push(checked.entry);
  }
  return { entries, lastSeq };
}
