import type { ProtocolMessage } from './messages';

/**
 * JSON text of a protocol message. An `undefined` tool input or success result is omitted, as the
 * runner specification's JSON transport note allows. Throws a TypeError for values JSON cannot
 * carry (cycles, bigint): check payloads with checkTransportSafe before building the message.
 */
export function encodeMessage(message: ProtocolMessage): string {
  return JSON.stringify(message);
}
