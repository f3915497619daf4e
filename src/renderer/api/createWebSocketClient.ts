import type { PlaygroundApi, PlaygroundEvent } from '../../shared/api/playgroundApi';
import { ApiCallError, createApiClient } from '../../shared/rpc/createApiClient';
import type { RpcResponse, RpcServerMessage } from '../../shared/rpc/envelope';
import { describeRpcClose, encodeRpcRequest } from '../../shared/rpc/encodeRpcRequest';
import { unpackEventsFrame } from '../../shared/rpc/unpackEventsFrame';

/** `reconnecting`: it was open and dropped; `closed`: several tries failed (still trying). */
export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface WebSocketClient {
  api: PlaygroundApi;
  onConnectionChange(listener: (state: ConnectionState) => void): () => void;
  /** A new link (a host restarted with a new token): reconnect with it now. */
  setToken(token: string): void;
  close(): void;
}

const RECONNECT_DELAYS_MS = [250, 500, 1000, 2000, 4000];
const GIVE_UP_AFTER_ATTEMPTS = 5;

/**
 * Browser mode: envelopes over one WebSocket, the token on the connection and on every call.
 * Reconnects with backoff; calls made while disconnected wait for the socket, and calls in
 * flight when it drops fail with `disconnected`.
 */
export function createWebSocketClient(url: string, initialToken: string): WebSocketClient {
  let token = initialToken;
  let nextId = 1;
  let socket: WebSocket | undefined;
  let attempt = 0;
  let closed = false;
  let state: ConnectionState = 'connecting';
  let everOpen = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const pending = new Map<number, (response: RpcResponse) => void>();
  const waitingForOpen: (() => void)[] = [];
  const eventListeners = new Set<(event: PlaygroundEvent) => void>();
  const stateListeners = new Set<(state: ConnectionState) => void>();

  const setState = (next: ConnectionState) => {
    state = next;
    stateListeners.forEach((listener) => listener(next));
  };

  function open() {
    const target = new URL(url);
    target.searchParams.set('token', token);
    const ws = new WebSocket(target);
    socket = ws;
    if (state !== 'closed') setState(everOpen ? 'reconnecting' : 'connecting');
    ws.onopen = () => {
      attempt = 0;
      everOpen = true;
      setState('open');
      waitingForOpen.splice(0).forEach((resume) => resume());
    };
    ws.onmessage = (message) => {
      const data = JSON.parse(String(message.data)) as RpcServerMessage;
      if (data.type === 'events') {
        let events: PlaygroundEvent[];
        try {
          events = unpackEventsFrame(data);
        } catch (error) {
          // Events lost: reconnecting makes the page fetch everything again.
          console.error(error);
          ws.close(4000, 'malformed events frame');
          return;
        }
        for (const event of events) eventListeners.forEach((listener) => listener(event));
      } else {
        pending.get(data.id)?.(data);
        pending.delete(data.id);
      }
    };
    ws.onclose = (event) => {
      const message = describeRpcClose(event.code, event.reason);
      for (const [id, resolve] of pending) {
        resolve({ type: 'response', id, ok: false, error: { kind: 'failed', message } });
      }
      pending.clear();
      if (closed) return setState('closed');
      if (ws !== socket) return; // replaced by setToken, which opened the next one already
      // After a few failed tries the host is likely gone (or restarted with a new token): say so, keep trying.
      setState(attempt >= GIVE_UP_AFTER_ATTEMPTS ? 'closed' : everOpen ? 'reconnecting' : 'connecting');
      const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)];
      retryTimer = setTimeout(open, delay);
    };
  }

  const api = createApiClient({
    call: async (namespace, method, args) => {
      if (closed) throw new ApiCallError('disconnected', 'the client is closed');
      if (state !== 'open') await new Promise<void>((resolve) => waitingForOpen.push(resolve));
      const id = nextId++;
      const encoded = encodeRpcRequest({ type: 'request', id, namespace, method, args, token });
      if (!encoded.ok)
        return { type: 'response', id, ok: false, error: { kind: 'bad_request', message: encoded.message } };
      return new Promise<RpcResponse>((resolve) => {
        pending.set(id, resolve);
        socket!.send(encoded.text);
      });
    },
    subscribe: (listener) => {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
  });

  open();
  return {
    api,
    onConnectionChange: (listener) => {
      stateListeners.add(listener);
      listener(state);
      return () => stateListeners.delete(listener);
    },
    setToken(next) {
      if (next === token || closed) return;
      token = next;
      attempt = 0;
      clearTimeout(retryTimer);
      const previous = socket;
      open();
      previous?.close();
    },
    close: () => {
      closed = true;
      clearTimeout(retryTimer);
      socket?.close();
    },
  };
}
