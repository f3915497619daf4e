import type { IncomingMessage } from 'node:http';
import { TpmjsError } from './tpmjsErrors';

/** Reads the whole request body as JSON, refusing bodies over `maxBytes` without buffering them. */
export async function readJsonBody(request: IncomingMessage, maxBytes: number): Promise<unknown> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '')
    throw new TpmjsError('INVALID_REQUEST', 'request body is missing; send a JSON object', 400);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new TpmjsError('INVALID_REQUEST', `request body is not valid JSON: ${reason}`, 400);
  }
}

function tooLarge(maxBytes: number): TpmjsError {
  return new TpmjsError('REQUEST_TOO_LARGE', `request body exceeds the limit of ${maxBytes} bytes`, 413);
}
