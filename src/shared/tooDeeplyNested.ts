import { findTooDeepNesting, MAX_JSON_NESTING } from './findTooDeepNesting';
import { lineColumnAt } from './lineColumnAt';

export interface TooDeepPlace {
  line: number;
  column: number;
  /** `too deeply nested at SOURCE:LINE:COLUMN (…)`: the one wording every reader of outside JSON uses. */
  message: string;
}

/**
 * Where JSON text from outside nests deeper than `limit`, found by one pass over the text before
 * anything parses or walks it (a recursive walk of 200,000 levels overflows the stack). `firstLine`
 * is the line `text` starts on in `source` (a transcript is read line by line).
 */
export function tooDeeplyNested(
  text: string,
  source: string,
  { limit = MAX_JSON_NESTING, firstLine = 1 } = {},
): TooDeepPlace | undefined {
  const offset = findTooDeepNesting(text, limit);
  if (offset === undefined) return undefined;
  const at = lineColumnAt(text, offset);
  const line = at.line + firstLine - 1;
  return {
    line,
    column: at.column,
    message: `too deeply nested at ${source}:${line}:${at.column} (objects and arrays more than ${limit} levels deep)`,
  };
}
