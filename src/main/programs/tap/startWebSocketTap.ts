import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import WebSocket, { type RawData } from 'ws';
import type { MessageDirection } from '../../../shared/protocol/messages';
import { DEFAULT_RUNNER_MAX_CONNECTIONS } from '../../engine/transports/runnerServerDefaults';
import { admitUpgrade } from '../../system/admitUpgrade';
import { createWebSocketOnlyServer } from '../../system/createWebSocketOnlyServer';
import { listenForWebSockets } from '../../system/listenForWebSockets';
import { guardWebSocket } from '../../system/guardWebSocket';
import { refuseUpgrade } from '../../system/refuseUpgrade';
import { createOrderedQueue } from './createOrderedQueue';
import type { TapSession } from './createTapSession';
import type { HoldPolicy } from './HoldPolicy';

/** What a connection is recorded and held by. */
export interface TapConnection {
  session: TapSession;
  hold?: HoldPolicy;
}

export interface WebSocketTapOptions<C extends TapConnection = TapConnection> {
  host?: string;
  port?: number;
  /** The remote runner, ws://HOST:PORT. */
  to: string;
  /** Required, as for a runner server: a connection must present it; it is passed on unchanged. */
  token: string;
  /** Largest message either way, as the runner server caps it. */
  maxMessageBytes: number;
  maxConnections?: number;
  /** One session per connection, made before the host's upgrade is answered (a refusal if it fails). */
  newConnection(): C | Promise<C>;
  /** Both sides have closed: the session is complete. */
  onSessionEnd(connection: C): void;
  log?: (line: string) => void;
}

export interface WebSocketTapHandle {
  url: string;
  port: number;
  close(): Promise<void>;
}

type Frame = { data: Buffer; binary: boolean };

/** Close codes that may not be sent in a close frame (they only describe what happened). */
const RESERVED_CLOSE_CODES = new Set([1004, 1005, 1006, 1015]);

const sendableCode = (code: number) =>
  code >= 1000 && code < 5000 && !RESERVED_CLOSE_CODES.has(code) ? code : 1000;

/**
 * A WebSocket tap: listens like a runner server (token at the upgrade, a connection limit, a size
 * cap) and joins each connection to the remote runner, passing the host's Authorization header on
 * unchanged. Frames go through unchanged and in order both ways and are recorded as a session.
 */
export async function startWebSocketTap<C extends TapConnection>(
  options: WebSocketTapOptions<C>,
): Promise<WebSocketTapHandle> {
  if (!options.token) throw new Error('a WebSocket tap needs a token, as a runner server does');
  const log = options.log ?? (() => {});
  const maxConnections = options.maxConnections ?? DEFAULT_RUNNER_MAX_CONNECTIONS;
  const { http, wss } = createWebSocketOnlyServer({
    what: 'an execbox tap',
    maxPayload: options.maxMessageBytes,
    log,
  });
  let pending = 0;

  http.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    const peer = admitUpgrade(request, socket, {
      token: options.token,
      open: wss.clients.size + pending,
      maxConnections,
      log,
    });
    if (!peer) return;
    pending += 1;
    const upstream = new WebSocket(options.to, {
      headers: { Authorization: request.headers.authorization! },
      maxPayload: options.maxMessageBytes,
      perMessageDeflate: false,
    });
    let answered = false;
    const refuse = (status: number, text: string) => {
      if (answered) return;
      answered = true;
      pending -= 1;
      refuseUpgrade(socket, status, text);
    };
    upstream.once('unexpected-response', (_request, response) => {
      log(`the runner refused ${peer}: HTTP ${response.statusCode}`);
      refuse(response.statusCode ?? 502, response.statusMessage ?? 'Bad Gateway');
      upstream.terminate();
    });
    upstream.on('error', (error) => {
      log(`${peer}: runner connection: ${error.message}`);
      refuse(502, 'Bad Gateway');
    });
    upstream.once('open', () => {
      void Promise.resolve()
        .then(() => options.newConnection())
        .then(
          (connection) => {
            if (answered) return;
            answered = true;
            wss.handleUpgrade(request, socket, head, (client) => {
              pending -= 1;
              guardWebSocket(client, { maxBytes: options.maxMessageBytes, onError: () => {} });
              log(`connected ${peer} to ${options.to}`);
              joinSockets(client, upstream, connection, () => {
                log(`disconnected ${peer}`);
                options.onSessionEnd(connection);
              });
            });
          },
          (error: unknown) => {
            log(`${peer}: could not start recording the session: ${(error as Error).message}`);
            refuse(502, 'Bad Gateway');
            upstream.close();
          },
        );
    });
  });

  const { url, port, close } = await listenForWebSockets(http, wss, options);
  return { url, port, close };
}

function joinSockets(
  host: WebSocket,
  runner: WebSocket,
  { session, hold }: TapConnection,
  onEnd: () => void,
): void {
  const relay = (direction: MessageDirection, from: WebSocket, to: WebSocket) => {
    const queue = createOrderedQueue<Frame>(
      (frame) => {
        if (to.readyState === WebSocket.OPEN) to.send(frame.data, { binary: frame.binary });
      },
      () => {},
    );
    from.on('message', (raw: RawData, binary: boolean) => {
      const data = Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw as ArrayBuffer);
      const frame = { data, binary };
      const message = session.line(direction, data);
      const held = message && hold?.(direction, message, data);
      if (!held) return queue.send(frame);
      queue.hold(
        held.then((answer) => (answer ? { data: answer, binary } : null)),
        frame,
      );
    });
  };
  relay('host_to_runner', host, runner);
  relay('runner_to_host', runner, host);
  let open = 2;
  const closed = (who: string, other: WebSocket) => (code: number, reason: Buffer) => {
    session.event({
      type: 'transport_closed',
      reason: `the ${who} closed the connection (${code}${reason.length ? ` ${reason.toString()}` : ''})`,
    });
    if (other.readyState === WebSocket.OPEN || other.readyState === WebSocket.CONNECTING)
      other.close(sendableCode(code), reason);
    open -= 1;
    if (open === 0) onEnd();
  };
  host.on('close', closed('host', runner));
  runner.on('close', closed('runner', host));
  runner.on('error', (error) =>
    session.event({ type: 'transport_error', message: `runner: ${error.message}` }),
  );
  host.on('error', (error) => session.event({ type: 'transport_error', message: `host: ${error.message}` }));
}
