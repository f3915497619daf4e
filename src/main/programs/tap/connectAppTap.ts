import type { RunnerRef } from '../../../shared/runnerRef';
import WebSocket from 'ws';
import type { TapDecision, TapHeldMessage } from '../../../shared/api/runs';
import { ApiCallError, createApiClient } from '../../../shared/rpc/createApiClient';
import type { RpcResponse, RpcServerMessage } from '../../../shared/rpc/envelope';
import { encodeRpcRequest } from '../../../shared/rpc/encodeRpcRequest';
import { MAX_RPC_MESSAGE_BYTES } from '../../../shared/rpc/maxRpcMessageBytes';
import type { TranscriptEntry } from '../../../shared/transcript';

/** The browser-mode API path (startPlaygroundServer's API_PATH, which a program may not import). */
const API_PATH = '/api';
/** Entries sent in one call at most; a tap sends what it saw since its last call. */
const ENTRIES_PER_CALL = 500;

export interface AppTap {
  runId: string;
  /** Streams one entry into the app's run (in order, batched). */
  add(entry: TranscriptEntry): void;
  /** Asks the app whether to hold the message; settles when it (or a person) decides. */
  hold(held: TapHeldMessage): Promise<TapDecision>;
  /** Sends what is left, finishes the app's run and disconnects. */
  close(): Promise<void>;
}

/** Where `execbox serve` (or the app) listens and its token, from the URL it prints. */
export function parseAppUrl(appUrl: string, tokenFromEnv?: string): { api: URL; origin: string } {
  let url: URL;
  try {
    url = new URL(appUrl);
  } catch {
    throw new Error(
      `--app: '${appUrl}' is not a URL; give the one execbox serve prints (http://127.0.0.1:5177/#token=…)`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`--app: '${appUrl}' is not an http:// URL`);
  const token = new URLSearchParams(url.hash.slice(1)).get('token') ?? tokenFromEnv;
  if (!token) throw new Error('--app: the URL has no #token=… (or set EXECBOX_TOKEN)');
  const api = new URL(API_PATH, url);
  api.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  api.hash = '';
  api.searchParams.set('token', token);
  return { api, origin: url.origin };
}

/**
 * Connects a tapped session to a running app over its browser-mode API: the session becomes a run
 * with origin "tap", its entries stream in as the tap records them, and the app's debugger decides
 * whether a tool_call or tool_result is held.
 */
export async function connectAppTap(
  appUrl: string,
  name: string,
  tokenFromEnv?: string,
  runner?: RunnerRef,
  onGone: (reason: string) => void = () => {},
): Promise<AppTap> {
  const { api: target, origin } = parseAppUrl(appUrl, tokenFromEnv);
  const token = target.searchParams.get('token')!;
  const socket = new WebSocket(target, { headers: { Origin: origin }, maxPayload: MAX_RPC_MESSAGE_BYTES });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`the app at ${origin} refused the connection: HTTP ${response.statusCode}`)),
    );
    socket.once('error', (error) =>
      reject(new Error(`could not reach the app at ${origin}: ${error.message}`)),
    );
  });
  let nextId = 1;
  const pending = new Map<number, (response: RpcResponse) => void>();
  let goneReason: string | undefined;
  /** Before openTap answers, a failure is connectAppTap's own error, not a report. */
  let opened = false;
  // The app is a side channel: whatever it sends or does, the session it watches goes on without it.
  const gone = (reason: string): void => {
    if (goneReason !== undefined) return;
    goneReason = reason;
    for (const [id, resolve] of pending)
      resolve({
        type: 'response',
        id,
        ok: false,
        error: { kind: 'failed', message: `the app is gone: ${reason}` },
      });
    pending.clear();
    socket.terminate();
    if (opened) onGone(reason);
  };
  socket.on('message', (data) => {
    const message = parseServerMessage(data.toString());
    if (!message) return gone('it sent a message that is not a JSON RPC message');
    if (message.type !== 'response') return;
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  });
  socket.on('error', (error) => gone(error.message));
  socket.on('close', () => gone('it closed the connection'));
  const client = createApiClient({
    call: async (namespace, method, args) => {
      const id = nextId++;
      if (goneReason !== undefined || socket.readyState !== WebSocket.OPEN)
        throw new ApiCallError('disconnected', 'the app went away');
      const encoded = encodeRpcRequest({ type: 'request', id, namespace, method, args, token });
      if (!encoded.ok)
        return { type: 'response', id, ok: false, error: { kind: 'bad_request', message: encoded.message } };
      return new Promise<RpcResponse>((resolve) => {
        pending.set(id, resolve);
        socket.send(encoded.text);
      });
    },
    subscribe: () => () => {},
  });

  const { runId } = await client.runs.openTap({ name, ...(runner ? { runner } : {}) });
  opened = true;
  if (goneReason !== undefined) onGone(goneReason);
  let queued: TranscriptEntry[] = [];
  let sending = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    const batch = queued;
    queued = [];
    for (let start = 0; start < batch.length; start += ENTRIES_PER_CALL) {
      const part = batch.slice(start, start + ENTRIES_PER_CALL);
      sending = sending.then(() => sendEntries(part));
    }
    return sending;
  };
  // A part too large for one message goes entry by entry; an entry too large for any is left out.
  const sendEntries = async (entries: TranscriptEntry[]): Promise<void> => {
    try {
      await client.runs.tapEntries(runId, entries);
    } catch (error) {
      if (!(error instanceof ApiCallError) || error.kind !== 'bad_request' || entries.length === 1) return;
      for (const entry of entries) await sendEntries([entry]);
    }
  };

  return {
    runId,
    add(entry) {
      if (goneReason !== undefined) return;
      queued.push(entry);
      timer ??= setTimeout(() => void flush(), 30);
    },
    async hold(held) {
      await flush();
      return client.runs.tapHold(runId, held);
    },
    async close() {
      await flush();
      await client.runs.closeTap(runId).catch(() => {});
      goneReason ??= 'the tap closed it';
      socket.close();
    },
  };
}

function parseServerMessage(text: string): RpcServerMessage | undefined {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (
    typeof message !== 'object' ||
    message === null ||
    typeof (message as { type?: unknown }).type !== 'string'
  )
    return undefined;
  const typed = message as RpcServerMessage;
  if (typed.type === 'response' && typeof typed.id !== 'number') return undefined;
  return typed;
}
