import { createRandomToken } from '../../system/createRandomToken';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { createAccessGuard } from '../../system/createAccessGuard';
import { isLoopbackHost } from '../../system/isLoopbackHost';
import { createMcpHttpHandler, MCP_PATH } from './createMcpHttpHandler';

export interface McpHttpServer {
  /** The endpoint, e.g. http://127.0.0.1:5178/mcp */
  url: string;
  token: string;
  port: number;
  sessionCount(): number;
  close(): Promise<void>;
}

/** A server with only the MCP endpoint (`execbox mcp --http`, and the Electron app). */
export async function startMcpHttpServer(options: {
  createServer(): Server;
  bindHost?: string;
  port?: number;
  token?: string;
  allowRemote?: boolean;
  /** Sessions kept at once and how long an idle one lives (defaults: MAX_MCP_SESSIONS, MCP_SESSION_IDLE_MS). */
  maxSessions?: number;
  idleMs?: number;
}): Promise<McpHttpServer> {
  const bindHost = options.bindHost ?? '127.0.0.1';
  if (!isLoopbackHost(bindHost) && !options.allowRemote)
    throw new Error(`refusing to listen on ${bindHost}: it is not a loopback address`);
  const token = options.token ?? createRandomToken();
  const http = createServer();
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, bindHost, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  const handler = createMcpHttpHandler({
    guard: createAccessGuard({ token, bindHost, port }),
    createServer: options.createServer,
    ...(options.maxSessions !== undefined ? { maxSessions: options.maxSessions } : {}),
    ...(options.idleMs !== undefined ? { idleMs: options.idleMs } : {}),
  });
  http.on('request', (request, response) => {
    if (new URL(request.url ?? '/', 'http://x').pathname !== MCP_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end(`the MCP endpoint is ${MCP_PATH}`);
      return;
    }
    void handler.handle(request, response);
  });
  const shownHost = bindHost.includes(':') ? `[${bindHost}]` : bindHost;
  return {
    url: `http://${shownHost}:${port}${MCP_PATH}`,
    token,
    port,
    sessionCount: handler.sessionCount,
    async close() {
      await handler.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
