import { CodeSyntaxError, fencedCodeRange, normalizeCode } from './normalizeCode';

/**
 * A failure of the type stripper, at a 1-based line and 0-based column. `unsupported` marks
 * TypeScript that would need generated code.
 */
export class TypeStripError extends Error {
  constructor(
    message: string,
    readonly unsupported: boolean,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

/** Replaces type syntax with whitespace (throws {@link TypeStripError}); loaded only when needed. */
export type TypeStripper = (code: string) => string;

const UNSUPPORTED_HINT =
  'the playground removes type syntax and runs the rest as JavaScript, so enums, namespaces and ' +
  'parameter properties, which need generated code, are not supported (a union of string literals ' +
  'or an object with `as const` works instead of an enum)';

function parsesAsJavaScript(code: string): boolean {
  try {
    normalizeCode(code);
    return true;
  } catch {
    return false;
  }
}

/**
 * The stripper blanks a removed character with one space per UTF-8 byte; give each removed
 * character as many spaces as it has UTF-16 units instead, so every later column still matches.
 */
function keepColumns(input: string, output: string): string {
  if (output.length === input.length) return output;
  let aligned = '';
  let at = 0;
  for (const char of input) {
    if (output.startsWith(char, at)) {
      aligned += char;
      at += char.length;
    } else if (char.charCodeAt(0) < 0x80) {
      aligned += output[at] ?? ' ';
      at += 1;
    } else {
      aligned += ' '.repeat(char.length);
      at += new TextEncoder().encode(char).length;
    }
  }
  return aligned;
}

/** Guest code is the body of an async function (top-level `return` and `await`): strip it as one. */
const BODY_START = 'async function guest() {\n';
const BODY_END = '\n}';

function stripProgram(code: string, strip: TypeStripper): string {
  try {
    const stripped = strip(`${BODY_START}${code}${BODY_END}`);
    return keepColumns(code, stripped.slice(BODY_START.length, stripped.length - BODY_END.length));
  } catch (error) {
    if (!(error instanceof TypeStripError)) throw error;
    // Plain JavaScript that TypeScript reads differently (a lone `{ "a": 1 }`) runs as JavaScript.
    if (!error.unsupported && parsesAsJavaScript(code)) return code;
    const message = error.unsupported ? `${error.message}: ${UNSUPPORTED_HINT}` : error.message;
    const { line, column } = positionInCode(code, error.line - 1, error.column);
    throw new CodeSyntaxError(message, line, column);
  }
}

/**
 * A stripper position (0-based column, line counted in the code) as the editor counts it. Code that
 * ends too early fails at the wrapper's closing brace, after the code: that is the code's end.
 */
function positionInCode(code: string, line: number, column: number): { line: number; column: number } {
  const lines = code.split('\n');
  if (line <= lines.length) return { line: Math.max(1, line), column: column + 1 };
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

/** JavaScript means the same as TypeScript unless a `<` could open type arguments (`f<T>(x)`). */
function isPlainJavaScript(code: string): boolean {
  return !code.includes('<') && parsesAsJavaScript(code);
}

function spliced(source: string, range: { start: number; end: number }, code: string): string {
  return `${source.slice(0, range.start)}${code}${source.slice(range.end)}`;
}

/**
 * Turns guest TypeScript into the JavaScript a runner receives: type syntax (annotations,
 * interfaces, type aliases, generics, `as`, `satisfies`, `!`) becomes whitespace, so every line and
 * column is where the user wrote it. Code in a fenced block (```ts) is stripped in place and the
 * fence kept, so the runner finds the same block. Plain JavaScript is returned as it is without
 * loading the stripper. Constructs that need generated code (enums, namespaces, parameter
 * properties) and TypeScript syntax errors throw {@link CodeSyntaxError} at the user's position.
 */
export async function stripGuestTypes(
  source: string,
  loadStripper: () => Promise<TypeStripper>,
): Promise<string> {
  const whole = fencedCodeRange(source, 'whole');
  const code = whole ? source.slice(whole.start, whole.end) : source;
  if (isPlainJavaScript(code)) return source;
  const strip = await loadStripper();
  if (whole) return spliced(source, whole, stripProgram(code, strip));
  try {
    return stripProgram(source, strip);
  } catch (error) {
    // Prose around a fenced block (a model's answer): strip the first block, as normalizeCode reads it.
    const first = fencedCodeRange(source, 'first');
    if (!first) throw error;
    return spliced(source, first, stripProgram(source.slice(first.start, first.end), strip));
  }
}
