import {
  parse,
  type Comment,
  type Expression,
  type Node,
  type Options,
  type Program,
  type Statement,
} from 'acorn';
import { asyncFunctionSource } from './asyncFunctionSource';
import type { ExecuteError } from './errors';

/**
 * A syntax error in guest code, reported at normalization time with a 1-based line and 0-based
 * column in the code the user wrote (after fence extraction).
 */
export class CodeSyntaxError extends SyntaxError {
  override readonly name = 'CodeSyntaxError';
  /** `reason` is the message without its place; `line` and `column` are 1-based, as editors count them. */
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${reason} (line ${line}, column ${column})`);
  }

  /** The answer a runner gives for it: the reason as the message, the place in its own fields. */
  toExecuteError(): ExecuteError {
    const { reason: message, line, column } = this;
    return { code: 'runtime_error', message, name: 'SyntaxError', line, column };
  }
}

const PARSE_OPTIONS: Options = {
  ecmaVersion: 'latest',
  sourceType: 'script',
  allowAwaitOutsideFunction: true,
  allowReturnOutsideFunction: true,
  allowHashBang: true,
};

const FENCE = /^[ \t]*(`{3,}|~{3,})[ \t]*([\w+#.-]*)[^\n]*\n([\s\S]*?)\n?[ \t]*\1[ \t]*$/m;
const WHOLE_FENCE = /^\s*(`{3,}|~{3,})[ \t]*([\w+#.-]*)[^\n]*\n([\s\S]*?)\n?[ \t]*\1\s*$/;

function fencedBlock(source: string, pattern: RegExp): string | undefined {
  const match = pattern.exec(source);
  return match ? (match[3] ?? '') : undefined;
}

/**
 * Where the code sits inside `source` when it is a fenced block: `whole` when the text is one
 * fenced block, `first` for the first block in prose (the two places {@link normalizeCode} looks).
 */
export function fencedCodeRange(
  source: string,
  which: 'whole' | 'first',
): { start: number; end: number } | undefined {
  const fence = which === 'whole' ? WHOLE_FENCE : FENCE;
  const pattern = new RegExp(fence.source, `${fence.flags}d`);
  const range = pattern.exec(source)?.indices?.[3];
  return range ? { start: range[0], end: range[1] } : undefined;
}

function lineAndColumn(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset).split('\n');
  return { line: before.length, column: (before[before.length - 1] ?? '').length };
}

function parseProgram(source: string): { program: Program; comments: Comment[] } {
  const comments: Comment[] = [];
  try {
    return { program: parse(source, { ...PARSE_OPTIONS, onComment: comments }), comments };
  } catch (error) {
    if (error instanceof SyntaxError) {
      const loc = (error as SyntaxError & { loc?: { line: number; column: number } }).loc;
      const message = error.message.replace(/ \(\d+:\d+\)$/, '');
      throw new CodeSyntaxError(message, loc?.line ?? 1, (loc?.column ?? 0) + 1);
    }
    throw error;
  }
}

function rejectHtmlComments(source: string, comments: Comment[]): void {
  for (const comment of comments) {
    const opener = source.slice(comment.start, comment.start + 4);
    if (opener.startsWith('<!--') || opener.startsWith('-->')) {
      const { line, column } = lineAndColumn(source, comment.start);
      throw new CodeSyntaxError('HTML-like comments (<!-- and -->) are not supported', line, column + 1);
    }
  }
}

function unwrapParens(source: string, node: Expression): string {
  return source.slice(node.start, node.end);
}

function isFunctionValue(node: Expression): boolean {
  return node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression';
}

/** Rewrites the final statement so the body returns its value. */
function returnFinalValue(source: string, program: Program): string {
  const last: Statement | undefined = program.body.at(-1) as Statement | undefined;
  if (!last) return source;
  if (last.type === 'ExpressionStatement') {
    const expression = unwrapParens(source, last.expression);
    const value = isFunctionValue(last.expression) ? `await (${expression})()` : `(${expression}\n)`;
    return `${source.slice(0, last.start)}return ${value};${source.slice(last.end)}`;
  }
  if (last.type === 'FunctionDeclaration' && !last.generator) {
    return `${source}\n;return await ${last.id.name}();`;
  }
  return source;
}

/** Code that is one object literal (`{ "a": 1 }`) parses as a block; read it as an expression. */
function objectLiteralBody(source: string): string | undefined {
  if (!source.trimStart().startsWith('{')) return undefined;
  try {
    const program = parse(`(${source}\n)`, PARSE_OPTIONS);
    const only = program.body[0];
    if (
      program.body.length === 1 &&
      only?.type === 'ExpressionStatement' &&
      only.expression.type === 'ObjectExpression' &&
      only.expression.start === 1 + source.length - source.trimStart().length &&
      only.expression.end === 1 + source.trimEnd().length
    ) {
      return `return (${source}\n);`;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** Proves, with the same parser, that `body` is exactly the wrapper's function body and nothing more. */
function assertContained(body: string): void {
  const wrapped = asyncFunctionSource(body);
  let program: Program;
  try {
    program = parse(wrapped, {
      ...PARSE_OPTIONS,
      allowReturnOutsideFunction: false,
      allowAwaitOutsideFunction: false,
    });
  } catch (error) {
    const loc = (error as { loc?: { line: number; column: number } }).loc;
    const message = error instanceof Error ? error.message.replace(/ \(\d+:\d+\)$/, '') : String(error);
    throw new CodeSyntaxError(message, Math.max(1, (loc?.line ?? 2) - 1), (loc?.column ?? 0) + 1);
  }
  const only = program.body[0];
  const fn: Node | undefined = only?.type === 'ExpressionStatement' ? only.expression : undefined;
  if (program.body.length !== 1 || fn?.type !== 'FunctionExpression' || fn.end !== wrapped.length - 1) {
    throw new CodeSyntaxError('code does not form a single function body', 1, 1);
  }
}

/**
 * The last code normalized and its body: the host reads the same code twice in a row (the type
 * stripper's check, then the in-process runner or the seed of a runner started for it).
 */
let last: { source: string; body: string } | undefined;

/**
 * Turns user or model text into the body of an async function (see {@link asyncFunctionSource}):
 * - a Markdown fenced block (``` or ~~~, with or without a language) is unwrapped; in prose that is
 *   not itself code, the first fenced block is used;
 * - the final expression statement becomes the return value (`1 + 1;`, `1 + 1 // two`);
 * - a final function declaration, async arrow or function expression is invoked and awaited;
 * - top-level `await` and explicit `return` work as written;
 * - a lone object literal `{ "a": 1 }` is returned as an object.
 *
 * Syntax errors are thrown here as {@link CodeSyntaxError} (with line and column) rather than left
 * for the runtime: the code is parsed as a complete program first, so it can never close the
 * wrapper and start a second top-level program, and HTML-like comments, which engines disagree on,
 * are rejected. The result is checked by parsing the wrapped function once more.
 */
export function normalizeCode(source: string): string {
  if (last?.source === source) return last.body;
  const body = normalizeSource(source);
  last = { source, body };
  return body;
}

function normalizeSource(source: string): string {
  const whole = fencedBlock(source, WHOLE_FENCE);
  if (whole !== undefined) return normalizeProgram(whole);
  try {
    return normalizeProgram(source);
  } catch (error) {
    // Prose around a fenced block (a model's answer): use the first block when the text is not code.
    const first = fencedBlock(source, FENCE);
    if (first === undefined) throw error;
    return normalizeProgram(first);
  }
}

function normalizeProgram(code: string): string {
  let parsed: { program: Program; comments: Comment[] };
  try {
    parsed = parseProgram(code);
  } catch (error) {
    const asObject = objectLiteralBody(code);
    if (asObject === undefined) throw error;
    assertContained(asObject);
    return asObject;
  }
  rejectHtmlComments(code, parsed.comments);
  // A hashbang is only valid at the very start of a script; keep offsets by turning it into `//`.
  const withoutHashbang = code.startsWith('#!') ? `//${code.slice(2)}` : code;
  const body = returnFinalValue(withoutHashbang, parsed.program);
  assertContained(body);
  return body;
}
