import { createServer, type Server } from 'node:http';
import { WebSocketServer } from 'ws';
import { logServerErrors } from './logServerErrors';

/**
 * An HTTP server that only takes WebSocket upgrades (its `upgrade` handler is the caller's): a plain
 * request gets 426 and a line naming what listens here (`an execbox runner`).
 */
export function createWebSocketOnlyServer(options: {
  what: string;
  maxPayload: number;
  log: (line: string) => void;
}): { http: Server; wss: WebSocketServer } {
  const http = createServer((_request, response) => {
    response.writeHead(426, { 'Content-Type': 'text/plain', Upgrade: 'websocket' });
    response.end(`this is ${options.what}: connect with a WebSocket\n`);
  });
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxPayload,
    perMessageDeflate: false,
  });
  logServerErrors(http, wss, options.log);
  return { http, wss };
}
