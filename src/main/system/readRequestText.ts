import type { IncomingMessage } from 'node:http';

export type RequestText = { tooLarge: true } | { tooLarge: false; text: string };

/**
 * A request's whole body as text, never holding more than `maxBytes` of it: a declared length over
 * the limit is refused before reading, and the read stops once more than the limit has arrived.
 */
export async function readRequestText(request: IncomingMessage, maxBytes: number): Promise<RequestText> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return { tooLarge: true };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) return { tooLarge: true };
    chunks.push(chunk);
  }
  return { tooLarge: false, text: Buffer.concat(chunks).toString('utf8') };
}
