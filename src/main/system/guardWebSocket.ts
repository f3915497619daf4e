import type WebSocket from 'ws';

/** Close code for a message larger than the receiver accepts (RFC 6455). */
export const CLOSE_MESSAGE_TOO_BIG = 1009;

function mebibytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return Number.isInteger(value) ? `${value} MiB` : `${bytes}-byte`;
}

/** The close reason sent with 1009: a sentence the other side can show as it is (at most 123 bytes). */
export function oversizedMessageReason(maxBytes: number): string {
  return `message larger than the ${mebibytes(maxBytes)} limit was refused`;
}

/**
 * Makes one server-side socket safe to keep: its errors are reported instead of crashing the
 * process (`ws` emits `error` for an oversized or malformed frame), and the 1009 close that `ws`
 * sends for an oversized frame carries a reason in words.
 */
export function guardWebSocket(
  socket: WebSocket,
  options: { maxBytes: number; onError: (error: Error) => void },
): void {
  socket.on('error', options.onError);
  const close = socket.close.bind(socket);
  // ws closes with the bare status code on a frame over maxPayload; add the reason it leaves out.
  socket.close = (code?: number, reason?: string | Buffer) =>
    close(
      code,
      code === CLOSE_MESSAGE_TOO_BIG && !reason ? oversizedMessageReason(options.maxBytes) : reason,
    );
}
