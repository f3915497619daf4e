import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { AccessGuard } from '../../system/createAccessGuard';
import { httpRequestGone } from './httpRequestGone';

export const MCP_PATH = '/mcp';
/** Far above any guest program the execute tool accepts, small enough to bound the host's memory. */
export const MAX_MCP_BODY_BYTES = 4 * 1024 * 1024;

export interface McpHttpHandler {
  /** Answers one request to MCP_PATH (the caller routes by path). */
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
  /** Ends every session (their runs are cancelled). */
  close(): Promise<void>;
}

function refuse(response: ServerResponse, status: number, message: string) {
  response
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * The MCP Streamable HTTP endpoint, guarded as browser mode is: the Host header must name this
 * server (no DNS rebinding), a browser's Origin must be this server's own, and every request carries
 * the token as `Authorization: Bearer`. One MCP server per session.
 */
export function createMcpHttpHandler(options: {
  guard: AccessGuard;
  createServer(): Server;
}): McpHttpHandler {
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; server: Server }>();

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const { guard } = options;
    if (!guard.hostAllowed(request.headers.host)) return refuse(response, 421, 'unknown Host header');
    const origin = request.headers.origin;
    if (origin !== undefined && !guard.originAllowed(origin))
      return refuse(response, 403, `requests from ${origin} are not allowed`);
    if (!guard.tokenMatches(bearerToken(request.headers.authorization)))
      return refuse(response, 401, 'the token is missing or wrong (send Authorization: Bearer TOKEN)');

    const sessionHeader = request.headers['mcp-session-id'];
    const sessionId = Array.isArray(sessionHeader) ? sessionHeader[0] : sessionHeader;
    if (sessionId !== undefined) {
      const session = sessions.get(sessionId);
      if (!session) return refuse(response, 404, 'no such MCP session (it ended; initialize again)');
      const gone = new AbortController();
      response.once('close', () => {
        if (!response.writableFinished) gone.abort(new Error('the client closed its connection'));
      });
      return httpRequestGone.within(gone.signal, () => session.transport.handleRequest(request, response));
    }
    if (request.method !== 'POST') return refuse(response, 400, 'start a session with a POST of initialize');

    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: MAX_MCP_BODY_BYTES,
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server });
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    const server = options.createServer();
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(request, response);
    // Anything but a successful initialize leaves no session behind.
    if (!transport.sessionId || !sessions.has(transport.sessionId)) await server.close();
  }

  return {
    handle: (request, response) =>
      handle(request, response).catch((error: unknown) => {
        if (!response.headersSent) refuse(response, 500, `the MCP request failed: ${String(error)}`);
        else response.destroy();
      }),
    async close() {
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.allSettled(open.map((session) => session.server.close()));
    },
  };
}
