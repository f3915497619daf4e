/** The protocol page, from the repository's root. */
export const PROTOCOL_DOC = 'docs/protocol.md';

/**
 * The sections of docs/protocol.md a check or a refusal can send a reader to, by their anchors
 * (GitHub's: the heading in lower case, spaces as hyphens). A test holds them to the page's headings.
 */
export const PROTOCOL_SECTIONS = {
  framing: 'framing',
  messages: 'messages',
  order: 'the-order-of-a-session',
  oneAtATime: 'one-execution-at-a-time',
  guestProgram: 'the-guest-program',
  toolCalls: 'tool-calls',
  values: 'values-that-cross',
  logs: 'logs',
  errors: 'errors-and-their-codes',
  cancellation: 'cancellation-and-its-grace',
  limits: 'limits',
  ids: 'ids-and-correlation',
  musts: 'what-a-runner-must-and-should-do',
} as const;

export type ProtocolSection = (typeof PROTOCOL_SECTIONS)[keyof typeof PROTOCOL_SECTIONS];

/** `docs/protocol.md#tool-calls` */
export function protocolSectionLink(section: ProtocolSection): string {
  return `${PROTOCOL_DOC}#${section}`;
}
