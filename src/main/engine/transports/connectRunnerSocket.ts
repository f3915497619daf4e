import WebSocket from 'ws';
import type { HostToRunnerMessage } from '../../../shared/protocol/messages';
import type { Transport } from '../../../shared/transport';
import { createWebSocketTransport } from './createWebSocketTransport';
import { DEFAULT_RUNNER_MAX_MESSAGE_BYTES } from './runnerServerDefaults';

export interface ConnectRunnerOptions {
  token?: string;
  maxMessageBytes?: number;
  /** How long the connection and upgrade may take. */
  connectTimeoutMs?: number;
  signal?: AbortSignal;
}

/** Thrown when the runner server answers the upgrade with an HTTP error (bad token, full, wrong path). */
export class RunnerConnectError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'RunnerConnectError';
  }
}

/** Opens a WebSocket to a remote runner (`execbox runner --listen`), sending the token at the upgrade. */
export function connectRunnerSocket(
  url: string,
  options: ConnectRunnerOptions = {},
): Promise<Transport<HostToRunnerMessage>> {
  return new Promise((resolve, reject) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      reject(new RunnerConnectError(`'${url}' is not a URL; expected ws://HOST:PORT`));
      return;
    }
    if (target.protocol !== 'ws:' && target.protocol !== 'wss:') {
      reject(new RunnerConnectError(`'${url}' is not a ws:// or wss:// URL`));
      return;
    }
    const socket = new WebSocket(target, {
      headers: options.token ? { Authorization: `Bearer ${options.token}` } : {},
      maxPayload: options.maxMessageBytes ?? DEFAULT_RUNNER_MAX_MESSAGE_BYTES,
      handshakeTimeout: options.connectTimeoutMs ?? 10_000,
      perMessageDeflate: false,
    });
    const onAbort = () => {
      socket.terminate();
      reject(new RunnerConnectError('connecting to the runner was cancelled'));
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => options.signal?.removeEventListener('abort', onAbort);
    let refused = false;
    socket.once('unexpected-response', (_request, response) => {
      refused = true;
      settle();
      const status = response.statusCode ?? 0;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body = (body + chunk).slice(0, 500)));
      response.on('end', () => {
        reject(
          new RunnerConnectError(
            `the runner at ${url} refused the connection: HTTP ${status}${body ? ` ${body.trim()}` : ''}`,
            status,
          ),
        );
      });
      socket.terminate();
    });
    socket.on('error', (error) => {
      if (refused) return;
      settle();
      reject(new RunnerConnectError(`could not connect to the runner at ${url}: ${error.message}`));
    });
    socket.once('open', () => {
      settle();
      resolve(createWebSocketTransport<HostToRunnerMessage>(socket));
    });
  });
}
