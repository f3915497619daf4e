import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { tooDeeplyNested } from '../../../shared/tooDeeplyNested';
import type { AccessGuard } from '../../system/createAccessGuard';
import { readRequestText } from '../../system/readRequestText';
import { httpRequestGone } from './httpRequestGone';
import { refuseUnauthorized } from './refuseUnauthorized';

export const MCP_PATH = '/mcp';
/** Far above any guest program the execute tool accepts, small enough to bound the host's memory. */
export const MAX_MCP_BODY_BYTES = 4 * 1024 * 1024;
/** Sessions one endpoint (one token) keeps at once; a new one ends the longest idle. */
export const MAX_MCP_SESSIONS = 64;
/** A session with no request for this long is ended (a client that never sent DELETE). */
export const MCP_SESSION_IDLE_MS = 30 * 60_000;

export interface McpHttpHandler {
  /** Answers one request to MCP_PATH (the caller routes by path). */
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
  /** Ends every session (their runs are cancelled). */
  close(): Promise<void>;
  /** How many sessions are open. */
  sessionCount(): number;
}

interface Session {
  transport: StreamableHTTPServerTransport;
  server: Server;
  /** Requests (and open streams) in flight: a busy session is never idle. */
  busy: number;
  lastUsed: number;
  idleTimer?: NodeJS.Timeout;
}

function refuse(response: ServerResponse, status: number, message: string, code = -32000) {
  response
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

const PARSE_ERROR = -32700;

/**
 * A POST's body, read here (bounded) and checked for nesting before anything parses or walks it;
 * undefined when the request was refused.
 */
async function readPostBody(
  request: IncomingMessage,
  response: ServerResponse,
): Promise<{ body?: unknown } | undefined> {
  if (request.method !== 'POST') return {};
  const read = await readRequestText(request, MAX_MCP_BODY_BYTES);
  if (read.tooLarge) {
    refuse(response, 413, `the request body is larger than ${MAX_MCP_BODY_BYTES} bytes`);
    return undefined;
  }
  const tooDeep = tooDeeplyNested(read.text, 'request');
  if (tooDeep) {
    refuse(response, 400, `Parse error: ${tooDeep.message}`, PARSE_ERROR);
    return undefined;
  }
  try {
    return { body: JSON.parse(read.text) as unknown };
  } catch (error) {
    refuse(response, 400, `Parse error: the request is not JSON (${(error as Error).message})`, PARSE_ERROR);
    return undefined;
  }
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * The MCP Streamable HTTP endpoint, guarded as browser mode is: the Host header must name this
 * server (no DNS rebinding), a browser's Origin must be this server's own, and every request carries
 * the token as `Authorization: Bearer`. One MCP server per session; sessions are capped and end
 * when idle.
 */
export function createMcpHttpHandler(options: {
  guard: AccessGuard;
  createServer(): Server;
  maxSessions?: number;
  idleMs?: number;
}): McpHttpHandler {
  const maxSessions = options.maxSessions ?? MAX_MCP_SESSIONS;
  const idleMs = options.idleMs ?? MCP_SESSION_IDLE_MS;
  const sessions = new Map<string, Session>();

  const end = (id: string) => {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    clearTimeout(session.idleTimer);
    void session.server.close().catch(() => undefined);
  };

  /** Counts the request as the session's work until its response ends; then the idle clock starts. */
  const track = (id: string, response: ServerResponse) => {
    const session = sessions.get(id);
    if (!session) return;
    session.busy++;
    session.lastUsed = performance.now();
    clearTimeout(session.idleTimer);
    response.once('close', () => {
      session.busy--;
      session.lastUsed = performance.now();
      if (session.busy > 0 || !sessions.has(id)) return;
      session.idleTimer = setTimeout(() => end(id), idleMs);
      session.idleTimer.unref();
    });
  };

  /** Room for one more session: the longest idle one ends, or false when all are busy. */
  const makeRoom = (): boolean => {
    if (sessions.size < maxSessions) return true;
    let oldest: [string, Session] | undefined;
    for (const entry of sessions) {
      if (entry[1].busy === 0 && (!oldest || entry[1].lastUsed < oldest[1].lastUsed)) oldest = entry;
    }
    if (!oldest) return false;
    end(oldest[0]);
    return true;
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const { guard } = options;
    if (!guard.hostAllowed(request.headers.host)) return refuse(response, 421, 'unknown Host header');
    const origin = request.headers.origin;
    if (origin !== undefined && !guard.originAllowed(origin))
      return refuse(response, 403, `requests from ${origin} are not allowed`);
    const token = bearerToken(request.headers.authorization);
    if (!guard.tokenMatches(token)) return refuseUnauthorized(response, token !== undefined);

    const post = await readPostBody(request, response);
    if (!post) return;
    const sessionHeader = request.headers['mcp-session-id'];
    const sessionId = Array.isArray(sessionHeader) ? sessionHeader[0] : sessionHeader;
    if (sessionId !== undefined) {
      const session = sessions.get(sessionId);
      if (!session)
        return refuse(response, 404, 'no such MCP session (it ended or expired; initialize again)');
      track(sessionId, response);
      const gone = new AbortController();
      response.once('close', () => {
        if (!response.writableFinished) gone.abort(new Error('the client closed its connection'));
      });
      return httpRequestGone.within(gone.signal, () =>
        session.transport.handleRequest(request, response, post.body),
      );
    }
    if (request.method !== 'POST') return refuse(response, 400, 'start a session with a POST of initialize');
    if (!makeRoom())
      return refuse(
        response,
        503,
        `all ${maxSessions} MCP sessions of this endpoint are busy; end one (DELETE) or try again later`,
      );

    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: MAX_MCP_BODY_BYTES,
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server, busy: 0, lastUsed: performance.now() });
        track(id, response);
      },
      onsessionclosed: (id) => {
        const session = sessions.get(id);
        sessions.delete(id);
        clearTimeout(session?.idleTimer);
      },
    });
    const server = options.createServer();
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(request, response, post.body);
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
      for (const session of open) clearTimeout(session.idleTimer);
      await Promise.allSettled(open.map((session) => session.server.close()));
    },
    sessionCount: () => sessions.size,
  };
}
