import type { Server } from 'node:http';
import type { WebSocketServer } from 'ws';

/** Logs what goes wrong below the requests (a broken handshake, a failing socket) and drops that client. */
export function logServerErrors(http: Server, wss: WebSocketServer, log: (line: string) => void): void {
  wss.on('error', (error) => log(`WebSocket server error: ${error.message}`));
  http.on('clientError', (error, socket) => {
    log(`bad HTTP request: ${error.message}`);
    socket.destroy();
  });
}
