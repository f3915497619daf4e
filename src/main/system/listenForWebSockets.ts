import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebSocketServer } from 'ws';

export interface WebSocketListener {
  /** e.g. ws://127.0.0.1:8787 */
  url: string;
  host: string;
  port: number;
  /** Drops every connection and stops listening. */
  close(): Promise<void>;
}

/** Starts `http` listening (127.0.0.1 and a free port by default) for the upgrades `wss` takes. */
export async function listenForWebSockets(
  http: Server,
  wss: WebSocketServer,
  where: { host?: string; port?: number },
): Promise<WebSocketListener> {
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(where.port ?? 0, where.host ?? '127.0.0.1', () => {
      http.off('error', reject);
      resolve();
    });
  });
  const address = http.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `ws://${urlHost}:${address.port}`,
    host: address.address,
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}
