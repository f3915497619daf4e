import type { TranscriptEntry } from '../transcript';
import type { TranscriptRow } from './describeEntries';
import type { QueryTerm } from './parseTranscriptQuery';

/** Characters of an entry's JSON that free text searches (a multi-megabyte result is searched in its start). */
export const SEARCH_TEXT_CHARS = 100_000;

const searchTexts = new WeakMap<TranscriptEntry, string>();

/** The entry's JSON in lower case, made once per entry: inputs, results, logs, ids and names. */
function searchTextOf(entry: TranscriptEntry): string {
  let text = searchTexts.get(entry);
  if (text === undefined) {
    const json = JSON.stringify(entry);
    text = (json.length > SEARCH_TEXT_CHARS ? json.slice(0, SEARCH_TEXT_CHARS) : json).toLowerCase();
    searchTexts.set(entry, text);
  }
  return text;
}

const patterns = new Map<string, (text: string) => boolean>();

/** `*` matches any run of characters; otherwise the whole value must match (case-insensitive). */
function patternMatcher(pattern: string): (text: string) => boolean {
  let matcher = patterns.get(pattern);
  if (!matcher) {
    if (!pattern.includes('*')) {
      matcher = (text) => text.toLowerCase() === pattern;
    } else {
      const source = pattern
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*');
      const regex = new RegExp(`^${source}$`, 'i');
      matcher = (text) => regex.test(text);
    }
    if (patterns.size > 500) patterns.clear();
    patterns.set(pattern, matcher);
  }
  return matcher;
}

function fieldMatches(row: TranscriptRow, key: string, pattern: string): boolean {
  const matches = patternMatcher(pattern);
  switch (key) {
    case 'type':
      return (
        matches(row.type) ||
        (pattern === 'console' && row.type === 'guest_console') ||
        (row.isEvent && row.type !== 'guest_console' && (pattern === 'event' || pattern === 'host'))
      );
    case 'tool':
      if (!row.tool) return false;
      return matches(row.tool) || (row.provider !== undefined && matches(`${row.provider}.${row.tool}`));
    case 'provider':
      return row.provider !== undefined && matches(row.provider);
    case 'call':
      return row.callId !== undefined && matches(row.callId);
    case 'status':
      if (row.outcome === undefined) return false;
      if (pattern === 'error' || pattern === 'failed') return row.outcome !== 'ok';
      return matches(row.outcome);
    case 'dir':
      if (pattern === 'event') return row.isEvent;
      return row.direction === (pattern === 'to_runner' ? 'host_to_runner' : 'runner_to_host');
    default:
      return false;
  }
}

function tookMatches(row: TranscriptRow, term: Extract<QueryTerm, { kind: 'took' }>): boolean {
  const took = row.durationMs;
  if (took === undefined) return false;
  switch (term.op) {
    case '>':
      return took > term.ms;
    case '>=':
      return took >= term.ms;
    case '<':
      return took < term.ms;
    case '<=':
      return took <= term.ms;
    default:
      return took === term.ms;
  }
}

function termMatches(row: TranscriptRow, term: QueryTerm): boolean {
  switch (term.kind) {
    case 'text':
      return searchTextOf(row.entry).includes(term.text);
    case 'took':
      return tookMatches(row, term);
    default:
      return fieldMatches(row, term.key, term.pattern);
  }
}

/** True when the row meets every term (an empty query matches every row). */
export function matchTranscriptRow(row: TranscriptRow, terms: readonly QueryTerm[]): boolean {
  for (const term of terms) {
    if (termMatches(row, term) === term.negated) return false;
  }
  return true;
}
