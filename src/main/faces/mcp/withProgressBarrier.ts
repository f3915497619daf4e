import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isJSONRPCResultResponse, isJSONRPCErrorResponse } from '@modelcontextprotocol/sdk/types.js';

/** How long a response waits for the client to confirm it read the notifications before it. */
export const BARRIER_TIMEOUT_MS = 5_000;

/**
 * Makes notifications sent before a response reach the client's handlers before the response does.
 * A client may read both in one chunk and handle the response at once but the notifications a tick
 * later (the MCP SDK's client does), after it stopped listening for that request's progress. So
 * before a response that follows notifications, the client is sent a ping: it answers it only after
 * reading everything before it. Responses keep their order; a client that does not answer delays a
 * response by BARRIER_TIMEOUT_MS at most.
 */
export function withProgressBarrier(inner: Transport, timeoutMs = BARRIER_TIMEOUT_MS): Transport {
  let notified = false;
  let pings = 0;
  let flushed: Promise<void> = Promise.resolve();
  const waiting = new Map<string, () => void>();

  const ping = () =>
    new Promise<void>((resolve) => {
      const id = `execbox-barrier-${++pings}`;
      const timer = setTimeout(done, timeoutMs);
      function done() {
        clearTimeout(timer);
        waiting.delete(id);
        resolve();
      }
      waiting.set(id, done);
      inner.send({ jsonrpc: '2.0', id, method: 'ping' }).catch(done);
    });

  const transport: Transport = {
    start: () => inner.start(),
    close: () => inner.close(),
    async send(message, options) {
      const isResponse = isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message);
      if (!isResponse) {
        if (!('id' in message)) notified = true;
        return inner.send(message, options);
      }
      if (notified) {
        notified = false;
        flushed = flushed.then(ping);
      }
      await flushed;
      return inner.send(message, options);
    },
  };
  inner.onmessage = (message, extra) => {
    const answered = 'id' in message && !('method' in message) ? waiting.get(String(message.id)) : undefined;
    if (answered) return answered();
    transport.onmessage?.(message, extra);
  };
  inner.onclose = () => {
    for (const done of [...waiting.values()]) done();
    transport.onclose?.();
  };
  inner.onerror = (error) => transport.onerror?.(error);
  return transport;
}
