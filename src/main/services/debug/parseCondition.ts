/**
 * The breakpoint condition language: one or more clauses joined by `and`, each `PATH OP VALUE` or
 * `PATH exists`, evaluated against a tool call's input. Never evaluated as JavaScript.
 *
 *   PATH   `$` (the whole input), or `q`, `user.name`, `items[0].id`, `["odd key"].x`, `$.q`
 *   OP     `==` `!=` `>` `<` `>=` `<=` `contains` `matches`
 *   VALUE  a scalar JSON literal ("text", 42, true, false, null) or, for `matches`, /regex/flags (i m s u)
 *
 * Examples: `q == "bug"`, `limit > 10`, `labels contains "p1"`, `path matches /\.env$/i and dryRun != true`.
 */
export type PathSegment = string | number;

export type ConditionOperator = '==' | '!=' | '>' | '<' | '>=' | '<=' | 'contains' | 'matches' | 'exists';

export interface ConditionClause {
  path: PathSegment[];
  op: ConditionOperator;
  value?: unknown;
  regex?: RegExp;
}

export interface Condition {
  source: string;
  clauses: ConditionClause[];
}

export class ConditionSyntaxError extends Error {
  /** 1-based column in the condition text. */
  readonly column: number;
  /** The message without the position. */
  readonly reason: string;
  constructor(reason: string, column: number) {
    super(`${reason} (at column ${column})`);
    this.name = 'ConditionSyntaxError';
    this.column = column;
    this.reason = reason;
  }
}

const MAX_CONDITION_LENGTH = 2000;
const MAX_REGEX_LENGTH = 500;
const SYMBOL_OPERATORS = ['==', '!=', '>=', '<=', '>', '<'] as const;
const WORD_OPERATORS = ['contains', 'matches', 'exists'] as const;

export function parseCondition(source: string): Condition {
  if (source.length > MAX_CONDITION_LENGTH)
    throw new ConditionSyntaxError(`a condition may be at most ${MAX_CONDITION_LENGTH} characters`, 1);
  const reader = new Reader(source);
  const clauses: ConditionClause[] = [];
  reader.skipSpace();
  if (reader.atEnd()) throw new ConditionSyntaxError('the condition is empty', 1);
  for (;;) {
    clauses.push(readClause(reader));
    reader.skipSpace();
    if (reader.atEnd()) break;
    if (!reader.takeWord('and'))
      throw new ConditionSyntaxError(
        `expected "and" or the end, found ${reader.describeNext()}`,
        reader.column,
      );
    reader.skipSpace();
  }
  return { source, clauses };
}

function readClause(reader: Reader): ConditionClause {
  const path = readPath(reader);
  reader.skipSpace();
  const opColumn = reader.column;
  const op = readOperator(reader);
  if (op === 'exists') return { path, op };
  reader.skipSpace();
  if (reader.atEnd()) throw new ConditionSyntaxError(`"${op}" needs a value after it`, reader.column);
  if (op === 'matches') {
    const regex = reader.peek() === '/' ? readRegex(reader) : toRegex(readLiteral(reader), opColumn);
    return { path, op, regex };
  }
  return { path, op, value: readLiteral(reader) };
}

function readPath(reader: Reader): PathSegment[] {
  const path: PathSegment[] = [];
  if (reader.peek() === '$') {
    reader.advance(1);
    if (reader.peek() === '.') reader.advance(1);
    else return readPathTail(reader, path);
  }
  if (reader.peek() === '[') return readPathTail(reader, path);
  path.push(readIdentifier(reader));
  return readPathTail(reader, path);
}

function readPathTail(reader: Reader, path: PathSegment[]): PathSegment[] {
  for (;;) {
    const next = reader.peek();
    if (next === '.') {
      reader.advance(1);
      path.push(readIdentifier(reader));
    } else if (next === '[') {
      reader.advance(1);
      const column = reader.column;
      const key = readLiteral(reader);
      if (typeof key === 'number' && Number.isInteger(key) && key >= 0) path.push(key);
      else if (typeof key === 'string') path.push(key);
      else throw new ConditionSyntaxError('a [ ] path part must be an array index or a "quoted key"', column);
      if (!reader.take(']'))
        throw new ConditionSyntaxError(`expected "]", found ${reader.describeNext()}`, reader.column);
    } else {
      return path;
    }
  }
}

function readIdentifier(reader: Reader): string {
  const match = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*/u.exec(reader.rest());
  if (!match)
    throw new ConditionSyntaxError(`expected a field name, found ${reader.describeNext()}`, reader.column);
  reader.advance(match[0].length);
  return match[0];
}

function readOperator(reader: Reader): ConditionOperator {
  for (const op of SYMBOL_OPERATORS) if (reader.take(op)) return op;
  for (const op of WORD_OPERATORS) if (reader.takeWord(op)) return op;
  throw new ConditionSyntaxError(
    `expected an operator (== != > < >= <= contains matches exists), found ${reader.describeNext()}`,
    reader.column,
  );
}

function readLiteral(reader: Reader): unknown {
  const column = reader.column;
  const rest = reader.rest();
  const text =
    /^"(?:[^"\\]|\\.)*"/.exec(rest)?.[0] ??
    /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w.])/.exec(rest)?.[0] ??
    /^(?:true|false|null)(?![\p{ID_Continue}$])/u.exec(rest)?.[0];
  if (text === undefined) {
    const hint = /^[\p{ID_Start}_$]/u.test(rest) ? ' (put text in double quotes)' : '';
    throw new ConditionSyntaxError(
      `expected a JSON value ("text", number, true, false, null), found ${reader.describeNext()}${hint}`,
      column,
    );
  }
  try {
    const value: unknown = JSON.parse(text);
    reader.advance(text.length);
    return value;
  } catch {
    throw new ConditionSyntaxError(`invalid string literal ${text}`, column);
  }
}

function readRegex(reader: Reader): RegExp {
  const column = reader.column;
  const match = /^\/((?:[^/\\\n]|\\.)+)\/([a-z]*)/.exec(reader.rest());
  if (!match) throw new ConditionSyntaxError('unterminated /regex/', column);
  reader.advance(match[0].length);
  return compileRegex(match[1] ?? '', match[2] ?? '', column);
}

function toRegex(value: unknown, column: number): RegExp {
  if (typeof value !== 'string')
    throw new ConditionSyntaxError('"matches" needs a /regex/ or a "string"', column);
  return compileRegex(value, '', column);
}

function compileRegex(pattern: string, flags: string, column: number): RegExp {
  if (pattern.length > MAX_REGEX_LENGTH)
    throw new ConditionSyntaxError(`a regex may be at most ${MAX_REGEX_LENGTH} characters`, column);
  const unknownFlag = [...flags].find((flag) => !'imsu'.includes(flag));
  if (unknownFlag)
    throw new ConditionSyntaxError(`regex flag "${unknownFlag}" is not allowed (use i, m, s, u)`, column);
  try {
    return new RegExp(pattern, flags);
  } catch (error) {
    throw new ConditionSyntaxError(
      `invalid regex: ${error instanceof Error ? error.message : String(error)}`,
      column,
    );
  }
}

class Reader {
  private offset = 0;
  constructor(private readonly text: string) {}
  get column(): number {
    return this.offset + 1;
  }
  atEnd(): boolean {
    return this.offset >= this.text.length;
  }
  peek(): string {
    return this.text[this.offset] ?? '';
  }
  rest(): string {
    return this.text.slice(this.offset);
  }
  advance(count: number): void {
    this.offset += count;
  }
  skipSpace(): void {
    while (/\s/.test(this.peek()) && !this.atEnd()) this.offset += 1;
  }
  take(token: string): boolean {
    if (!this.text.startsWith(token, this.offset)) return false;
    this.offset += token.length;
    return true;
  }
  takeWord(word: string): boolean {
    if (!this.text.startsWith(word, this.offset)) return false;
    const after = this.text[this.offset + word.length] ?? '';
    if (/[\p{ID_Continue}$]/u.test(after)) return false;
    this.offset += word.length;
    return true;
  }
  describeNext(): string {
    if (this.atEnd()) return 'the end';
    return JSON.stringify(this.text.slice(this.offset, this.offset + 12));
  }
}
