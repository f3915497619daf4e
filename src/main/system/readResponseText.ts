import { readBoundedBytes } from './readBoundedBytes';

/**
 * A fetch response's body as text, never holding more than `maxBytes` of it: undefined when it is
 * longer (the rest is not read; the body is cancelled).
 */
export async function readResponseText(response: Response, maxBytes: number): Promise<string | undefined> {
  const bytes = await readBoundedBytes(response.body ?? [], maxBytes, response.headers.get('content-length'));
  if (bytes === undefined) {
    // Refused by its declared length, the body was never read: it still has to be let go.
    if (response.body && !response.body.locked) await response.body.cancel();
    return undefined;
  }
  return new TextDecoder().decode(bytes);
}
