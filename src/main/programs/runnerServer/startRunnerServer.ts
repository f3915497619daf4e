import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { Worker } from 'node:worker_threads';
import { guardWebSocket } from '../../system/guardWebSocket';
import type { RunnerToHostMessage } from '../../../shared/protocol/messages';
import { defaultRunnerEntryPath } from '../../engine/executors/defaultRunnerEntryPath';
import { createWorkerTransport } from '../../engine/transports/createWorkerTransport';
import { createWebSocketTransport } from '../../engine/transports/createWebSocketTransport';
import {
  DEFAULT_RUNNER_MAX_CONNECTIONS,
  DEFAULT_RUNNER_MAX_MESSAGE_BYTES,
} from '../../engine/transports/runnerServerDefaults';
import { createSpareRunners } from './createSpareRunners';
import { superviseRunnerConnection } from './superviseRunnerConnection';
import { admitUpgrade } from '../../system/admitUpgrade';
import { createWebSocketOnlyServer } from '../../system/createWebSocketOnlyServer';
import { listenForWebSockets } from '../../system/listenForWebSockets';

export interface RunnerServerOptions {
  host?: string;
  port?: number;
  /** Required: every connection must present it as `Authorization: Bearer <token>`. */
  token: string;
  maxMessageBytes?: number;
  maxConnections?: number;
  /** The built runner entry each connection's worker thread runs (default: out/main/runner.cjs). */
  runnerEntryPath?: string;
  /** How long a runner may take to honour cancel before its worker is stopped (default 500 ms). */
  cancelGraceMs?: number;
  /** Idle runner workers kept started for new connections (default 2). */
  spareRunners?: number;
  /** Connection events and diagnostics, one line each. */
  log?: (line: string) => void;
}

export interface RunnerServerHandle {
  /** e.g. ws://127.0.0.1:8787 */
  url: string;
  host: string;
  port: number;
  connections(): number;
  /** Drops every open connection at once (the server keeps listening). */
  dropConnections(): void;
  close(): Promise<void>;
}

/**
 * Serves the QuickJS runner over WebSocket: each connection is one protocol session (one execution
 * at a time) with its own runner worker thread, so one guest's CPU loop never stalls another
 * connection and a cancel or a dropped connection can stop it at once. Connections are authenticated
 * by token at the HTTP upgrade, with message-size and connection limits.
 */
export async function startRunnerServer(options: RunnerServerOptions): Promise<RunnerServerHandle> {
  if (!options.token) throw new Error('a runner server needs a token');
  const maxConnections = options.maxConnections ?? DEFAULT_RUNNER_MAX_CONNECTIONS;
  const log = options.log ?? (() => {});
  const runnerEntry = options.runnerEntryPath ?? defaultRunnerEntryPath();
  const maxMessageBytes = options.maxMessageBytes ?? DEFAULT_RUNNER_MAX_MESSAGE_BYTES;
  const spares = createSpareRunners(
    () => createWorkerTransport(new Worker(runnerEntry, { stdout: false, stderr: false, execArgv: [] })),
    options.spareRunners ?? 2,
  );
  const { http, wss } = createWebSocketOnlyServer({
    what: 'an execbox runner',
    maxPayload: maxMessageBytes,
    log,
  });
  http.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    const peer = admitUpgrade(request, socket, {
      token: options.token,
      open: wss.clients.size,
      maxConnections,
      log,
    });
    if (!peer) return;
    wss.handleUpgrade(request, socket, head, (ws) => {
      log(`connected ${peer}`);
      guardWebSocket(ws, { maxBytes: maxMessageBytes, onError: () => {} });
      const client = createWebSocketTransport<RunnerToHostMessage>(ws);
      client.onError((error) => log(`${peer}: ${error.message}`));
      const supervisor = superviseRunnerConnection({
        client,
        spawnRunner: spares.take,
        releaseRunner: spares.give,
        cancelGraceMs: options.cancelGraceMs ?? 500,
        maxMessageBytes,
        log: (line) => log(`${peer}: ${line}`),
      });
      client.onClose((reason) => {
        supervisor.close();
        log(`disconnected ${peer} (${reason})`);
      });
    });
  });

  const listener = await listenForWebSockets(http, wss, options);
  return {
    url: listener.url,
    host: listener.host,
    port: listener.port,
    connections: () => wss.clients.size,
    dropConnections: () => {
      for (const client of wss.clients) client.terminate();
    },
    close: () => {
      spares.close();
      return listener.close();
    },
  };
}
