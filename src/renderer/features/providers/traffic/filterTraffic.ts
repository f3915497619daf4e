import type { McpTrafficMessage } from '../../../../shared/api/mcpInspect';

export interface TrafficFilter {
  /** Words that must all appear in the method or the message's JSON text (case-insensitive). */
  text: string;
  direction: 'all' | 'sent' | 'received';
  /** '' for every method. */
  method: string;
}

export const NO_TRAFFIC_FILTER: TrafficFilter = { text: '', direction: 'all', method: '' };

/** The messages a filter lets through, in order. Kinds and fields it does not know pass on text. */
export function filterTraffic<T extends Pick<McpTrafficMessage, 'direction' | 'method'>>(
  messages: readonly T[],
  filter: TrafficFilter,
): T[] {
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0 && filter.direction === 'all' && !filter.method) return [...messages];
  return messages.filter((m) => {
    if (filter.direction !== 'all' && m.direction !== filter.direction) return false;
    if (filter.method && m.method !== filter.method) return false;
    if (words.length === 0) return true;
    const haystack = searchableText(m);
    return words.every((word) => haystack.includes(word));
  });
}

const texts = new WeakMap<object, string>();

function searchableText(m: object): string {
  let text = texts.get(m);
  if (text === undefined) {
    const { message, preview, method } = m as { message?: unknown; preview?: string; method?: string };
    text =
      `${method ?? ''}\n${preview ?? ''}\n${message === undefined ? '' : JSON.stringify(message)}`.toLowerCase();
    texts.set(m, text);
  }
  return text;
}

/** The methods seen, for the method filter's choices. */
export function trafficMethods(messages: readonly Pick<McpTrafficMessage, 'method'>[]): string[] {
  return [...new Set(messages.map((m) => m.method).filter((m): m is string => !!m))].sort();
}
