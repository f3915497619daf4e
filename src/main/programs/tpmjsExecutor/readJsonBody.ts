import type { IncomingMessage } from 'node:http';
import { tooDeeplyNested } from '../../../shared/tooDeeplyNested';
import { readRequestText } from '../../system/readRequestText';
import { TpmjsError } from './tpmjsErrors';

/** Reads the whole request body as JSON, refusing bodies over `maxBytes` without buffering them. */
export async function readJsonBody(request: IncomingMessage, maxBytes: number): Promise<unknown> {
  const body = await readRequestText(request, maxBytes);
  if (body.tooLarge) {
    throw new TpmjsError('REQUEST_TOO_LARGE', `request body exceeds the limit of ${maxBytes} bytes`, 413);
  }
  const { text } = body;
  if (text.trim() === '')
    throw new TpmjsError('INVALID_REQUEST', 'request body is missing; send a JSON object', 400);
  const tooDeep = tooDeeplyNested(text, 'request body');
  if (tooDeep) throw new TpmjsError('INVALID_REQUEST', tooDeep.message, 400);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new TpmjsError('INVALID_REQUEST', `request body is not valid JSON: ${reason}`, 400);
  }
}
