import type { RequestId } from '@modelcontextprotocol/sdk/types.js';

const ID = String.raw`"id"\s*:\s*(-?\d{1,15}|"(?:[^"\\]|\\.){0,200}")`;
/** `{"id": …` or `{"jsonrpc": "2.0", "id": …` at the start of a message. */
const LEADING_ID = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?${ID}`);
/** `…, "id": …}` closing a message (the SDK's clients write the id last). */
const TRAILING_ID = new RegExp(String.raw`,\s*${ID}\s*\}\s*$`);

/**
 * The id of a request that could not be read whole (too long, or not JSON), from where clients put
 * it: the first key (after "jsonrpc") or the last one. Undefined when neither place has one.
 */
export function findRequestId(head: string, tail: string): RequestId | undefined {
  const match = LEADING_ID.exec(head) ?? TRAILING_ID.exec(tail);
  if (!match) return undefined;
  try {
    return JSON.parse(match[1]!) as RequestId;
  } catch {
    return undefined;
  }
}
