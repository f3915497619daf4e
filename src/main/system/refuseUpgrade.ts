import type { Duplex } from 'node:stream';

/** Answers a WebSocket upgrade request with a plain HTTP error and closes the connection. */
export function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
}
