import { tooDeeplyNested } from './tooDeeplyNested';
import type { ProviderManifest } from './manifest';
import { runnerRefProblem, type RunnerRef } from './runnerRef';
import type { ExecutorRuntimeOptions } from './runtimeOptions';
import type { TranscriptEntry } from './transcript';
import { checkTranscriptEntry } from './transcriptEntryCheck';

/**
 * The saved-transcript file format (JSON lines): line 1 is a header, then one TranscriptEntry per
 * line in run order. Readers accept any file with `format` = TRANSCRIPT_FORMAT and a `version` they
 * know; a newer major version is refused with a clear reason rather than half-read.
 */
export const TRANSCRIPT_FORMAT = 'execbox-transcript';
export const TRANSCRIPT_FORMAT_VERSION = 1;

export interface TranscriptHeader {
  format: typeof TRANSCRIPT_FORMAT;
  version: number;
  /** The guest code as the user wrote it. */
  code: string;
  /** The run's runtime options as the user chose them (not any ceiling the host sent the runner). */
  options: ExecutorRuntimeOptions;
  providers: ProviderManifest[];
  name?: string;
  runId?: string;
  executor?: string;
  /** The runner it ran on when that was not one of this app's own (a tap's, a command's, a remote one). */
  runner?: RunnerRef;
  savedAt?: string;
  /** What was masked when the file was saved (never the masked values themselves). */
  masked?: { keys: string[]; secretValues: number };
}

export interface TranscriptProblem {
  /** 1-based line number in the file. */
  line: number;
  reason: string;
}

export interface ParsedTranscript {
  header: TranscriptHeader | null;
  entries: TranscriptEntry[];
  /** Empty when the whole file was valid; otherwise where it stopped and why. */
  problems: TranscriptProblem[];
}

export function serializeTranscript(header: TranscriptHeader, entries: readonly TranscriptEntry[]): string {
  const lines = [JSON.stringify(header), ...entries.map((entry) => JSON.stringify(entry))];
  return lines.join('\n') + '\n';
}

/**
 * Loads as far as the file is valid: the first bad line stops loading and is reported. Never throws.
 * `source` names the file in a problem's wording.
 */
export function parseTranscript(text: string, source = 'transcript'): ParsedTranscript {
  const lines = text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const result: ParsedTranscript = { header: null, entries: [], problems: [] };
  if (lines.length === 0) {
    result.problems.push({ line: 1, reason: 'the file is empty: expected a transcript header' });
    return result;
  }
  const headerLine = parseJsonLine(lines[0] ?? '', lines.length === 1 && !text.endsWith('\n'), {
    source,
    firstLine: 1,
  });
  if (!headerLine.ok) {
    result.problems.push({ line: 1, reason: `header: ${headerLine.reason}` });
    return result;
  }
  const header = checkHeader(headerLine.value);
  if (!header.ok) {
    result.problems.push({ line: 1, reason: header.reason });
    return result;
  }
  result.header = header.header;
  let lastSeq = -1;
  for (let index = 1; index < lines.length; index += 1) {
    const checked = checkTranscriptLine(lines[index] ?? '', {
      source,
      line: index + 1,
      mayBeTruncated: index === lines.length - 1 && !text.endsWith('\n'),
      lastSeq,
    });
    if (!checked.ok) {
      result.problems.push({ line: index + 1, reason: checked.reason });
      break;
    }
    lastSeq = checked.entry.seq;
    result.entries.push(checked.entry);
  }
  return result;
}

/**
 * One entry line of a transcript file, checked: JSON (`mayBeTruncated`: the file's last line, with
 * no newline after it), an entry, and a seq after `lastSeq`. `line` is its 1-based line number.
 */
export function checkTranscriptLine(
  text: string,
  where: { source: string; line: number; mayBeTruncated: boolean; lastSeq: number },
): { ok: true; entry: TranscriptEntry } | { ok: false; reason: string } {
  const parsed = parseJsonLine(text, where.mayBeTruncated, { source: where.source, firstLine: where.line });
  if (!parsed.ok) return parsed;
  const entry = checkTranscriptEntry(parsed.value);
  if (!entry.ok) return entry;
  if (entry.entry.seq <= where.lastSeq)
    return {
      ok: false,
      reason: `seq ${entry.entry.seq} is not after the previous entry's seq ${where.lastSeq}`,
    };
  return entry;
}

type JsonLine = { ok: true; value: unknown } | { ok: false; reason: string };

function parseJsonLine(
  line: string,
  mayBeTruncated: boolean,
  where: { source: string; firstLine: number },
): JsonLine {
  if (line.trim() === '') return { ok: false, reason: 'blank line where a JSON value was expected' };
  const tooDeep = tooDeeplyNested(line, where.source, { firstLine: where.firstLine });
  if (tooDeep) return { ok: false, reason: tooDeep.message };
  try {
    return { ok: true, value: JSON.parse(line) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const truncated = mayBeTruncated ? 'the file appears truncated: ' : '';
    return { ok: false, reason: `${truncated}invalid JSON (${detail})` };
  }
}

type HeaderCheck = { ok: true; header: TranscriptHeader } | { ok: false; reason: string };

function checkHeader(value: unknown): HeaderCheck {
  if (!isRecord(value)) return { ok: false, reason: 'header must be a JSON object' };
  if (value.format !== TRANSCRIPT_FORMAT)
    return {
      ok: false,
      reason: `header.format must be "${TRANSCRIPT_FORMAT}": this is not a transcript file`,
    };
  if (typeof value.version !== 'number' || !Number.isInteger(value.version) || value.version < 1)
    return { ok: false, reason: 'header.version must be a positive integer' };
  if (value.version > TRANSCRIPT_FORMAT_VERSION)
    return {
      ok: false,
      reason: `header.version ${value.version} is newer than this app reads (${TRANSCRIPT_FORMAT_VERSION})`,
    };
  if (typeof value.code !== 'string') return { ok: false, reason: 'header.code must be a string' };
  const options = checkOptions(value.options);
  if (options) return { ok: false, reason: options };
  if (!Array.isArray(value.providers)) return { ok: false, reason: 'header.providers must be an array' };
  for (const [index, provider] of value.providers.entries()) {
    const problem = checkManifest(provider);
    if (problem) return { ok: false, reason: `header.providers[${index}]${problem}` };
  }
  for (const key of ['name', 'runId', 'executor', 'savedAt'] as const) {
    if (value[key] !== undefined && typeof value[key] !== 'string')
      return { ok: false, reason: `header.${key} must be a string when present` };
  }
  if (value.runner !== undefined) {
    const problem = runnerRefProblem(value.runner);
    if (problem) return { ok: false, reason: `header.runner${problem}` };
  }
  return { ok: true, header: value as unknown as TranscriptHeader };
}

function checkOptions(value: unknown): string | undefined {
  if (!isRecord(value)) return 'header.options must be an object';
  for (const key of ['timeoutMs', 'memoryLimitBytes', 'maxLogLines', 'maxLogChars'] as const) {
    const option = value[key];
    if (typeof option !== 'number' || !Number.isFinite(option) || option < 0)
      return `header.options.${key} must be a non-negative number`;
  }
  return undefined;
}

function checkManifest(value: unknown): string | undefined {
  if (!isRecord(value)) return ' must be an object';
  if (typeof value.name !== 'string' || value.name === '') return '.name must be a non-empty string';
  if (typeof value.types !== 'string') return '.types must be a string';
  if (!isRecord(value.tools)) return '.tools must be an object';
  for (const [key, tool] of Object.entries(value.tools)) {
    if (!isRecord(tool) || typeof tool.safeName !== 'string' || typeof tool.originalName !== 'string')
      return `.tools.${key} must have string safeName and originalName`;
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
