import type { Readable, Writable } from 'node:stream';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { createStdioServerTransport } from './createStdioServerTransport';
import { describeLostRequest, type LostRequest } from './describeLostRequest';
import { describeRelayFailure, RelayTimeoutError } from './describeRelayFailure';
import { watchAppResponses } from './watchAppResponses';
import { watchAppSilence } from './watchAppSilence';
import { withProgressBarrier } from './withProgressBarrier';

/** The app takes each request within this long (a run's result may come much later), or the agent hears why not. */
export const RELAY_ANSWER_WITHIN_MS = 10_000;
/** While a request is under way, the app goes silent (nothing at all, pings unanswered) for at most this long. */
export const RELAY_SILENCE_LIMIT_MS = 30_000;

const PING_PREFIX = 'execbox-relay-ping-';

interface InFlight {
  id: RequestId;
  method: string;
  /** The app took it: what ends it now is the app's answer, or its connection breaking. */
  accepted: boolean;
  abort: AbortController;
}

/**
 * `execbox mcp --connect URL`: relays an agent's stdio to the MCP endpoint of a running app, message
 * for message (the app sees the agent's own initialize, so its runs carry the agent's name). Every
 * request gets an answer: one the app does not take within the bound gets a JSON-RPC error that
 * says what is wrong (token refused, app not running, app not answering), and so does one it took
 * whose connection then closes (app went away) or while the app stays silent past the silence limit
 * (app not answering). Resolves when either side goes away.
 */
export async function bridgeStdioToHttp(options: {
  url: URL;
  token: string;
  warn(message: string): void;
  stdin?: Readable;
  stdout?: Writable;
  answerWithinMs?: number;
  silenceLimitMs?: number;
}): Promise<void> {
  const url = options.url.href;
  const answerWithinMs = options.answerWithinMs ?? RELAY_ANSWER_WITHIN_MS;
  const inFlight = new Map<string, InFlight>();
  const keyOf = (id: RequestId) => JSON.stringify(id);
  /** The relay's own pings still waiting for the app, each abortable. */
  const pings = new Map<string, AbortController>();
  let pingCount = 0;

  const local = withProgressBarrier(
    createStdioServerTransport({
      ...(options.stdin ? { stdin: options.stdin } : {}),
      ...(options.stdout ? { stdout: options.stdout } : {}),
    }),
  );
  /** Answers a request the app will not answer, once; a late answer from the app is then dropped. */
  const answerWithError = (id: RequestId, failure: { reason: string; message: string }) => {
    const entry = inFlight.get(keyOf(id));
    if (!entry) return;
    inFlight.delete(keyOf(id));
    entry.abort.abort();
    options.warn(failure.message);
    void local
      .send({
        jsonrpc: '2.0',
        id,
        error: { code: -32000, message: failure.message, data: { reason: failure.reason } },
      })
      .catch(() => undefined);
  };
  const lose = (lost: LostRequest) => (entry: InFlight) =>
    answerWithError(entry.id, describeLostRequest(lost, url, entry.method));

  const silence = watchAppSilence({
    limitMs: options.silenceLimitMs ?? RELAY_SILENCE_LIMIT_MS,
    busy: () => inFlight.size > 0,
    ping: () => {
      const id = `${PING_PREFIX}${++pingCount}`;
      pings.set(id, new AbortController());
      // A ping the app refuses is no sign of life; the silence limit then speaks.
      remote.send({ jsonrpc: '2.0', id, method: 'ping' }).catch(() => pings.delete(id));
    },
    silent: (quietMs) => {
      [...inFlight.values()].forEach(lose({ kind: 'silent', quietMs }));
      for (const ping of pings.values()) ping.abort();
      pings.clear();
    },
  });
  const remote = new StreamableHTTPClientTransport(options.url, {
    requestInit: { headers: { authorization: `Bearer ${options.token}` } },
    fetch: watchAppResponses({
      heard: () => silence.heard(),
      signalFor: (id) => (inFlight.get(keyOf(id))?.abort ?? pings.get(String(id)))?.signal,
      accepted: (id) => {
        const entry = inFlight.get(keyOf(id));
        if (entry) entry.accepted = true;
      },
      // Checked once the MCP SDK has read what the stream brought, the reply among it if it came.
      ended: (id) =>
        void setImmediate(() => {
          const entry = inFlight.get(keyOf(id));
          if (entry) lose({ kind: 'closed' })(entry);
        }),
    }),
  });

  let closing = false;
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const closeBoth = () => {
    if (closing) return;
    closing = true;
    silence.stop();
    void Promise.allSettled([remote.terminateSession().catch(() => undefined), local.close()])
      .then(() => remote.close())
      .finally(done);
  };

  const relay = async (message: JSONRPCMessage) => {
    if (isJSONRPCRequest(message)) {
      inFlight.set(keyOf(message.id), {
        id: message.id,
        method: message.method,
        accepted: false,
        abort: new AbortController(),
      });
      silence.wake();
    } else if (isJSONRPCNotification(message) && message.method === 'notifications/cancelled') {
      // The agent gave up on it and expects no answer.
      const requestId = (message.params as { requestId?: RequestId } | undefined)?.requestId;
      if (requestId !== undefined) inFlight.delete(keyOf(requestId));
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        // A request the app took is watched for silence from now on (a JSON answer comes whole, late).
        if (isJSONRPCRequest(message) && inFlight.get(keyOf(message.id))?.accepted) return;
        reject(new RelayTimeoutError(answerWithinMs));
      }, answerWithinMs);
    });
    try {
      await Promise.race([remote.send(message), timeout]);
    } catch (error) {
      const failure = describeRelayFailure(error, url);
      if (!isJSONRPCRequest(message)) return options.warn(failure.message);
      // The app had the request when its connection closed: before its answer's head, or in a JSON answer's body.
      const lost = failure.reason === 'app_went_away' || inFlight.get(keyOf(message.id))?.accepted;
      answerWithError(
        message.id,
        lost ? describeLostRequest({ kind: 'closed' }, url, message.method) : failure,
      );
    } finally {
      clearTimeout(timer);
    }
  };
  local.onmessage = (message) => void relay(message);
  remote.onmessage = (message) => {
    if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) {
      const id = message.id;
      if (typeof id === 'string' && pings.delete(id)) return;
      // An answer the relay already gave in the app's place (or one nobody asked for) is not sent twice.
      if ((typeof id === 'string' || typeof id === 'number') && !inFlight.delete(keyOf(id))) return;
    }
    local.send(message).catch(() => closeBoth());
  };
  remote.onerror = (error) => options.warn(`connection to the app: ${error.message}`);
  local.onclose = closeBoth;
  remote.onclose = closeBoth;
  await remote.start();
  await local.start();
  await finished;
}
