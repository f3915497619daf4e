import type { IncomingMessage } from 'node:http';
import { readBoundedBytes } from './readBoundedBytes';

export type RequestText = { tooLarge: true } | { tooLarge: false; text: string };

/**
 * A request's whole body as text, never holding more than `maxBytes` of it: a declared length over
 * the limit is refused before reading, and the read stops once more than the limit has arrived.
 */
export async function readRequestText(request: IncomingMessage, maxBytes: number): Promise<RequestText> {
  const bytes = await readBoundedBytes(request, maxBytes, request.headers['content-length']);
  return bytes === undefined ? { tooLarge: true } : { tooLarge: false, text: bytes.toString('utf8') };
}
