import { tooDeeplyNested } from '../../../shared/tooDeeplyNested';
import { createRandomToken } from '../../system/createRandomToken';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { WebSocketServer, type WebSocket } from 'ws';
import type { PlaygroundEvent } from '../../../shared/api/playgroundApi';
import type { RpcResponse } from '../../../shared/rpc/envelope';
import { MAX_RPC_MESSAGE_BYTES } from '../../../shared/rpc/maxRpcMessageBytes';
import { contentSecurityPolicy } from '../../app/contentSecurityPolicy';
import type { PlaygroundHost } from '../../app/createPlaygroundHost';
import { createAccessGuard } from '../../system/createAccessGuard';
import { guardWebSocket } from '../../system/guardWebSocket';
import { isLoopbackHost } from '../../system/isLoopbackHost';
import { logServerErrors } from '../../system/logServerErrors';
import { createEventsFramePacker } from './createEventsFramePacker';
import { serveStaticFile } from './serveStaticFile';
import { createReportDownloads, DOWNLOADS_PATH } from './createReportDownloads';
import { serveReportDownload } from './serveReportDownload';
import { OAUTH_CALLBACK_PATH, serveOAuthCallback } from '../../app/serveOAuthCallback';
import type { SignInOutcome } from '../../providers/mcp/OAuthSignIns';

export const API_PATH = '/api';
export const MAX_MESSAGE_BYTES = MAX_RPC_MESSAGE_BYTES;

export interface PlaygroundServerOptions {
  /** A host still starting may be given as a promise: the page loads meanwhile and its calls wait. */
  host: PlaygroundHost | Promise<PlaygroundHost>;
  rendererDir: string;
  bindHost?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Required to bind anything but a loopback address. */
  allowRemote?: boolean;
  token?: string;
  /** Where socket errors are reported (default: stderr); none of them stops the server. */
  log?: (line: string) => void;
  /** The clock download tickets expire by (tests move it). */
  now?: () => number;
  /** Finishes an OAuth sign-in when the browser comes back to `/oauth/callback`. */
  oauthCallback?: (query: URLSearchParams) => Promise<SignInOutcome>;
}

export interface PlaygroundServer {
  /** The page to open, with the token in the fragment (never sent to the server in logs or Referer). */
  url: string;
  token: string;
  port: number;
  /** Pages connected now: someone who could answer an MCP server's elicitation or sampling request. */
  pagesConnected(): number;
  close(): Promise<void>;
}

/** Browser mode: serves the built renderer and the PlaygroundApi over a token-guarded WebSocket. */
export async function startPlaygroundServer(options: PlaygroundServerOptions): Promise<PlaygroundServer> {
  const bindHost = options.bindHost ?? '127.0.0.1';
  if (!isLoopbackHost(bindHost) && !options.allowRemote) {
    throw new Error(
      `refusing to listen on ${bindHost}: it is not a loopback address (pass --allow-remote to do it anyway)`,
    );
  }
  const token = options.token ?? createRandomToken();
  const log = options.log ?? ((line: string) => process.stderr.write(`execbox serve: ${line}\n`));
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, bindHost, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const wildcard = bindHost === '0.0.0.0' || bindHost === '::';
  const extraNames = wildcard
    ? Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address))
    : [];
  const guard = createAccessGuard({ token, bindHost, port, extraNames });
  const headers = {
    'content-security-policy': contentSecurityPolicy(),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
  };

  const downloads = createReportDownloads(options.now);

  server.on('request', (request, response) => {
    if (!guard.hostAllowed(request.headers.host)) {
      response.writeHead(421, { 'content-type': 'text/plain' }).end('unknown host');
      return;
    }
    const { pathname } = new URL(request.url ?? '/', 'http://x');
    if (pathname === API_PATH) {
      response.writeHead(426, { 'content-type': 'text/plain' }).end('use a WebSocket');
      return;
    }
    if (pathname === OAUTH_CALLBACK_PATH && options.oauthCallback) {
      serveOAuthCallback(request, response, options.oauthCallback).catch(() => {
        if (!response.headersSent) response.writeHead(500).end();
      });
      return;
    }
    if (pathname.startsWith(DOWNLOADS_PATH)) {
      void serveReportDownload(request, response, pathname, downloads, guard, log);
      return;
    }
    serveStaticFile(options.rendererDir, request, response, headers).catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
      else response.destroy();
    });
  });

  const sockets = new Set<WebSocket>();
  // One frame a tick for every page: a run's events cost one packing, not one JSON text per event and page.
  const packer = createEventsFramePacker();
  let frameQueued = false;
  const sendEvents = () => {
    frameQueued = false;
    const frame = packer.take();
    if (frame === undefined) return;
    for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(frame);
  };
  /** A response goes after the events before it, as it did when each event went out at once. */
  const send = (socket: WebSocket, message: RpcResponse) => {
    sendEvents();
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  logServerErrors(server, wss, log);
  const refuseUpgrade = (request: IncomingMessage): string | undefined => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname !== API_PATH) return '404 Not Found';
    if (!guard.hostAllowed(request.headers.host)) return '421 Misdirected Request';
    if (!guard.originAllowed(request.headers.origin)) return '403 Forbidden';
    if (!guard.tokenMatches(url.searchParams.get('token'))) return '401 Unauthorized';
    return undefined;
  };
  server.on('upgrade', (request, socket, head) => {
    socket.on('error', (error) => log(`a connection failed during the upgrade: ${error.message}`));
    const refusal = refuseUpgrade(request);
    if (refusal) {
      socket.end(`HTTP/1.1 ${refusal}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws));
  });

  wss.on('connection', (socket) => {
    guardWebSocket(socket, {
      maxBytes: MAX_MESSAGE_BYTES,
      onError: (error) => log(`a page's connection failed and was closed: ${error.message}`),
    });
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('message', (data, isBinary) => {
      void answer(socket, isBinary ? undefined : data.toString());
    });
  });

  async function answer(socket: WebSocket, text: string | undefined) {
    const tooDeep = text === undefined ? undefined : tooDeeplyNested(text, 'request');
    if (tooDeep) {
      send(socket, {
        type: 'response',
        id: -1,
        ok: false,
        error: { kind: 'bad_request', message: tooDeep.message },
      });
      return;
    }
    let raw: unknown;
    try {
      raw = text === undefined ? undefined : JSON.parse(text);
    } catch {
      send(socket, {
        type: 'response',
        id: -1,
        ok: false,
        error: { kind: 'bad_request', message: 'the message is not JSON' },
      });
      return;
    }
    const id = typeof (raw as { id?: unknown } | null)?.id === 'number' ? (raw as { id: number }).id : -1;
    if (!guard.tokenMatches((raw as { token?: unknown } | null)?.token)) {
      send(socket, {
        type: 'response',
        id,
        ok: false,
        error: { kind: 'unauthorized', message: 'the session token is missing or wrong' },
      });
      return;
    }
    let host: PlaygroundHost;
    try {
      host = await hostReady;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      send(socket, {
        type: 'response',
        id,
        ok: false,
        error: { kind: 'failed', message: `The host could not start: ${reason}` },
      });
      return;
    }
    send(socket, await host.handle(raw));
  }

  const hostReady = Promise.resolve(options.host);
  let closed = false;
  let detachFromHost = () => {};
  hostReady.then(
    (host) => {
      if (closed) return;
      host.setReportDownloads(downloads);
      const stopEvents = host.onEvent((event: PlaygroundEvent) => {
        if (sockets.size === 0) return;
        packer.add(event);
        if (!frameQueued) {
          frameQueued = true;
          setImmediate(sendEvents);
        }
      });
      detachFromHost = () => {
        stopEvents();
        host.setReportDownloads(null);
      };
    },
    () => undefined, // each call answers with the reason
  );

  const shownHost = wildcard ? '127.0.0.1' : bindHost.includes(':') ? `[${bindHost}]` : bindHost;
  return {
    url: `http://${shownHost}:${port}/#token=${token}`,
    token,
    port,
    pagesConnected: () => sockets.size,
    async close() {
      closed = true;
      detachFromHost();
      for (const socket of sockets) socket.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
