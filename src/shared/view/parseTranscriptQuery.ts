/**
 * The transcript search language: space-separated terms, each `key:value` or free text, any of
 * them negated with a leading `-`, values with spaces or colons in double quotes.
 *
 *   type:tool_call tool:github.search_issues status:error took:>500 call:call-4322 "rate limit"
 */

export const QUERY_KEYS = ['type', 'tool', 'provider', 'call', 'status', 'took', 'dir'] as const;
export type QueryKey = (typeof QUERY_KEYS)[number];

export type Comparison = '>' | '>=' | '<' | '<=' | '=';

export type QueryTerm =
  | { kind: 'text'; negated: boolean; text: string }
  | { kind: 'took'; negated: boolean; op: Comparison; ms: number }
  | { kind: 'field'; negated: boolean; key: Exclude<QueryKey, 'took'>; pattern: string };

export interface QueryError {
  message: string;
  /** 1-based column in the query where the problem starts. */
  column: number;
  /** How many characters the problem spans (at least 1). */
  length: number;
}

export type ParsedQuery = { ok: true; terms: QueryTerm[] } | { ok: false; error: QueryError };

export const DIRECTIONS = ['to_runner', 'from_runner', 'event'];

interface Token {
  text: string;
  /** 0-based offset of the token in the query. */
  start: number;
  /** Offset of the value part (after `key:`), when the token has a key. */
  key?: { name: string; valueStart: number; value: string };
  negated: boolean;
  quoted: boolean;
}

class ParseFailure extends Error {
  constructor(readonly error: QueryError) {
    super(error.message);
  }
}

function fail(message: string, start: number, length: number): never {
  throw new ParseFailure({ message, column: start + 1, length: Math.max(1, length) });
}

/** Reads a run of non-space characters or a quoted string starting at `at`; returns it and where it ended. */
function readWord(query: string, at: number): { value: string; end: number; quoted: boolean } {
  if (query[at] === '"') {
    let value = '';
    let i = at + 1;
    while (i < query.length && query[i] !== '"') {
      if (query[i] === '\\' && i + 1 < query.length) i++;
      value += query[i];
      i++;
    }
    if (i >= query.length) fail('This quote is never closed: add a " at the end.', at, query.length - at);
    return { value, end: i + 1, quoted: true };
  }
  let i = at;
  while (i < query.length && !/\s/.test(query[i]!)) i++;
  return { value: query.slice(at, i), end: i, quoted: false };
}

function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < query.length) {
    if (/\s/.test(query[i]!)) {
      i++;
      continue;
    }
    const start = i;
    const negated = query[i] === '-' && i + 1 < query.length && !/\s/.test(query[i + 1]!);
    if (negated) i++;
    const keyMatch = /^([A-Za-z]+):/.exec(query.slice(i));
    if (keyMatch && query[i] !== '"') {
      const valueStart = i + keyMatch[0].length;
      const word =
        valueStart < query.length && !/\s/.test(query[valueStart]!)
          ? readWord(query, valueStart)
          : { value: '', end: valueStart, quoted: false };
      tokens.push({
        text: query.slice(start, word.end),
        start,
        key: { name: keyMatch[1]!, valueStart, value: word.value },
        negated,
        quoted: word.quoted,
      });
      i = word.end;
      continue;
    }
    const word = readWord(query, i);
    tokens.push({ text: word.value, start, negated, quoted: word.quoted });
    i = word.end;
  }
  return tokens;
}

function parseTook(value: string, valueStart: number): { op: Comparison; ms: number } {
  const match = /^(>=|<=|>|<|=)?(\d+(?:\.\d+)?)(ms|s)?$/.exec(value);
  if (!match) {
    fail(
      `"took:" needs a duration such as took:>500, took:<=20ms or took:>1.5s, not "${value}".`,
      valueStart,
      value.length,
    );
  }
  const ms = Number(match[2]) * (match[3] === 's' ? 1000 : 1);
  return { op: (match[1] as Comparison | undefined) ?? '=', ms };
}

function parseTerm(token: Token): QueryTerm {
  if (!token.key) return { kind: 'text', negated: token.negated, text: token.text.toLowerCase() };
  const { name, valueStart, value } = token.key;
  const key = name.toLowerCase() as QueryKey;
  if (!QUERY_KEYS.includes(key)) {
    fail(
      `Unknown filter "${name}:". Filters are ${QUERY_KEYS.map((k) => `${k}:`).join(', ')}; ` +
        'to search for text with a colon, put it in double quotes.',
      token.start + (token.negated ? 1 : 0),
      name.length + 1,
    );
  }
  if (value === '') {
    fail(
      `"${name}:" needs a value right after the colon.`,
      token.start + (token.negated ? 1 : 0),
      name.length + 1,
    );
  }
  if (key === 'took') return { kind: 'took', negated: token.negated, ...parseTook(value, valueStart) };
  if (key === 'dir' && !DIRECTIONS.includes(value.toLowerCase())) {
    fail(`"dir:" is one of ${DIRECTIONS.join(', ')}, not "${value}".`, valueStart, value.length);
  }
  return { kind: 'field', negated: token.negated, key, pattern: value.toLowerCase() };
}

/** Parses a search query; an error names the problem and the column where it starts. */
export function parseTranscriptQuery(query: string): ParsedQuery {
  try {
    return { ok: true, terms: tokenize(query).map(parseTerm) };
  } catch (error) {
    if (error instanceof ParseFailure) return { ok: false, error: error.error };
    throw error;
  }
}
