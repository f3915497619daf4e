import type { ApiNamespace, PlaygroundEvent } from '../api/playgroundApi';

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
 */
export type RpcErrorKind = 'bad_request' | 'unauthorized' | 'failed';

export interface RpcErrorPayload {
  kind: RpcErrorKind;
  message: string;
}

export type RpcResponse =
  | { type: 'response'; id: number; ok: true; value?: unknown }
  | { type: 'response'; id: number; ok: false; error: RpcErrorPayload };

/** A host event pushed to every connected renderer. */
export interface RpcEventMessage {
  type: 'event';
  event: PlaygroundEvent;
}

/** What a renderer can receive from the host. */
export type RpcServerMessage = RpcResponse | RpcEventMessage;
