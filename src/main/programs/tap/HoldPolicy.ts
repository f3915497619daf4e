import type { MessageDirection, ProtocolMessage } from '../../../shared/protocol/messages';
import type { HeldLine } from './createLineRelay';

/**
 * Decides, for each valid message, whether the tap holds it before forwarding: undefined lets it
 * pass; a promise holds it (and everything after it in that direction) until it settles with the
 * bytes to send instead (the same, edited) or null to drop it.
 */
export type HoldPolicy = (
  direction: MessageDirection,
  message: ProtocolMessage,
  bytes: Buffer,
) => HeldLine | undefined;
