import WebSocket from 'ws';
import { encodeMessage } from '../../../shared/protocol/encodeMessage';
import type { ProtocolMessage } from '../../../shared/protocol/messages';
import type { Transport } from '../../../shared/transport';
import { createTransportEvents } from '../../../shared/transportEvents';

/** Close codes worth naming in a close reason. */
const CLOSE_CODES: Record<number, string> = {
  1000: 'normal closure',
  1001: 'going away',
  1006: 'connection dropped',
  1008: 'policy violation',
  1009: 'message too big',
  1011: 'server error',
};

/**
 * The protocol over one open WebSocket: one JSON text frame per message, raw text delivered for the
 * receiver to parse. `terminate` drops the connection at once; `dispose` closes it politely.
 */
export function createWebSocketTransport<Outgoing extends ProtocolMessage>(
  socket: WebSocket,
): Transport<Outgoing> {
  const events = createTransportEvents<unknown>();
  socket.on('message', (data, isBinary) => {
    if (isBinary) {
      events.emitError(new Error('a binary WebSocket frame was dropped; the protocol uses JSON text frames'));
      return;
    }
    events.emitMessage(data.toString());
  });
  socket.on('close', (code, reason) => {
    const why = reason.toString() || CLOSE_CODES[code] || 'closed';
    events.emitClose(`WebSocket closed (${code}: ${why})`);
  });
  socket.on('error', (error) => events.emitError(error));

  return {
    send(message) {
      if (socket.readyState !== WebSocket.OPEN) throw new Error('the WebSocket is not open');
      socket.send(encodeMessage(message));
    },
    onMessage: events.onMessage,
    onClose: events.onClose,
    onError: events.onError,
    terminate() {
      socket.terminate();
      events.emitClose('terminated');
    },
    dispose() {
      if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING)
        socket.close(1000);
    },
  };
}
