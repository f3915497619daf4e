import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback proxy that adds `Authorization: Bearer TOKEN` to each request, for clients that cannot
 * send a token (the MCP conformance suite). Everything else passes unchanged; Host and Origin that
 * name the proxy are made to name the target, so the target's own Host and Origin checks still judge
 * every other value (DNS rebinding attacks come through as they were sent).
 */
export async function startBearerProxy(
  target: string,
  token: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const to = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const self = `127.0.0.1:${port}`;
    const headers: IncomingHttpHeaders = { ...incoming.headers, authorization: `Bearer ${token}` };
    if (headers.host === self || headers.host === `localhost:${port}`) headers.host = to.host;
    if (headers.origin === `http://${self}`) headers.origin = `http://${to.host}`;
    const forwarded = httpRequest(
      { host: to.hostname, port: to.port, path: incoming.url, method: incoming.method, headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    outgoing.on('close', () => forwarded.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${to.pathname}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
