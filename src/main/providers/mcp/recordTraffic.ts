import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export type TrafficObserver = (direction: 'sent' | 'received', message: JSONRPCMessage) => void;

/**
 * The same transport, but every JSON-RPC message it sends or receives is shown to `observe` first.
 * The SDK's client sets its handlers on the wrapper; the wrapper passes the inner transport's on.
 */
export function recordTraffic<T extends Transport>(inner: T, observe: TrafficObserver): Transport {
  const wrapper: Transport = {
    start: () => inner.start(),
    send(message, options) {
      observe('sent', message);
      return inner.send(message, options);
    },
    close: () => inner.close(),
    get sessionId() {
      return inner.sessionId;
    },
    setProtocolVersion: (version) => inner.setProtocolVersion?.(version),
  };
  inner.onmessage = (message, extra) => {
    observe('received', message);
    wrapper.onmessage?.(message, extra);
  };
  inner.onclose = () => wrapper.onclose?.();
  inner.onerror = (error) => wrapper.onerror?.(error);
  return wrapper;
}
