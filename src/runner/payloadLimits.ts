import { DEFAULT_MAX_MESSAGE_BYTES } from '../shared/protocol/limits';
import { utf8ByteLength } from '../shared/protocol/utf8ByteLength';

/** A result or tool input must leave room in its message for logs and framing. */
export const MAX_PAYLOAD_BYTES = DEFAULT_MAX_MESSAGE_BYTES / 2;

export function payloadTooLarge(json: string): boolean {
  // UTF-8 never takes fewer bytes than UTF-16 code units, nor more than three per unit.
  if (json.length * 3 <= MAX_PAYLOAD_BYTES) return false;
  return json.length > MAX_PAYLOAD_BYTES || utf8ByteLength(json) > MAX_PAYLOAD_BYTES;
}
