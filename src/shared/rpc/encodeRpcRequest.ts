import { utf8ByteLength } from '../protocol/utf8ByteLength';
import { MAX_RPC_MESSAGE_BYTES } from './maxRpcMessageBytes';

const MESSAGE_TOO_BIG = 1009;

function mebibytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/** A request as the JSON text to send, or a sentence saying why it must not be sent (too large for the host). */
export function encodeRpcRequest(
  request: object,
): { ok: true; text: string } | { ok: false; message: string } {
  const text = JSON.stringify(request);
  // Three UTF-8 bytes per UTF-16 unit at most: short text needs no count.
  const bytes = text.length * 3 <= MAX_RPC_MESSAGE_BYTES ? 0 : utf8ByteLength(text);
  if (bytes <= MAX_RPC_MESSAGE_BYTES) return { ok: true, text };
  return {
    ok: false,
    message: `This request is ${mebibytes(bytes)}, more than the ${mebibytes(MAX_RPC_MESSAGE_BYTES)} the host accepts in one message, so it was not sent.`,
  };
}

/** Why the host closed the connection, in words, for the calls that were waiting on it. */
export function describeRpcClose(code: number, reason: string): string {
  if (code === MESSAGE_TOO_BIG) {
    return `The host refused a message that was too large${reason ? ` (${reason})` : ''}; the connection was reopened.`;
  }
  return 'the connection to the host was lost';
}
