import type { ApiNamespace } from '../api/playgroundApi';

/** One API call from the renderer to the host, the same over IPC and WebSocket. */
export interface RpcRequest {
  type: 'request';
  /** Chosen by the client; echoed in the response. */
  id: number;
  namespace: ApiNamespace;
  method: string;
  args: unknown[];
  /** Browser mode only: the session token, checked on every call. */
  token?: string;
}

/**
 * `bad_request`: the envelope or its arguments were refused before any work was done.
 * `unauthorized`: the token was missing or wrong. `failed`: the service ran and threw.
 * `conflict`: a write was based on an older revision than the host's; nothing was written.
 */
export type RpcErrorKind = 'bad_request' | 'unauthorized' | 'failed' | 'conflict';

export interface RpcErrorPayload {
  kind: RpcErrorKind;
  /** For people: a sentence from the service, never prefixed with internal names. */
  message: string;
  /** The call that failed (`workspace.open`), for logs and tests; the UI does not show it. */
  where?: string;
}

export type RpcResponse =
  | { type: 'response'; id: number; ok: true; value?: unknown }
  | { type: 'response'; id: number; ok: false; error: RpcErrorPayload };

/**
 * Browser mode: the host events of one tick, pushed to every page in one WebSocket frame, packed. Each object is an array
 * of its shape's index and then its values in that shape's key order; each array is -1 and then its
 * items; any other value is itself. The page unpacks them into the same events.
 */
export interface RpcEventsFrame {
  type: 'events';
  /** The key lists of the frame's objects, each once. */
  shapes: string[][];
  events: unknown[];
}

/** What a renderer can receive from the host. */
export type RpcServerMessage = RpcResponse | RpcEventsFrame;
