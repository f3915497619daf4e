/** How deep JSON from outside (workspace, bundle, transcript, RPC, MCP) may nest; far more than any needs. */
export const MAX_JSON_NESTING = 1000;

/**
 * The offset of the first `{` or `[` nested deeper than `limit` levels, or undefined. One pass that
 * skips strings, so the recursive parsers that follow never see text deep enough to overflow.
 */
export function findTooDeepNesting(text: string, limit = MAX_JSON_NESTING): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > limit) return i;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return undefined;
}
