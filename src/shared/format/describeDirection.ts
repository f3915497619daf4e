import type { MessageDirection } from '../protocol/messages';

/** Which way a transcript entry went, in words: a message's direction, or a host event's lack of one. */
export function describeDirection(direction: MessageDirection | undefined): string {
  if (direction === undefined) return 'host event';
  return direction === 'host_to_runner' ? 'host → runner' : 'runner → host';
}
