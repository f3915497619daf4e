import type { RequestId } from '@modelcontextprotocol/sdk/types.js';

type Fetch = typeof fetch;

export interface AppResponseHooks {
  /** Something arrived from the app: an HTTP answer's head or bytes of its body. */
  heard(): void;
  /** Aborts the HTTP request that carries this JSON-RPC request, when the relay gives up on it. */
  signalFor(id: RequestId): AbortSignal | undefined;
  /** The app took the request: its answer's body will carry the reply. */
  accepted(id: RequestId): void;
  /** The answer's body that carries this request's reply ended (error: how it broke off, if it did). */
  ended(id: RequestId, error: unknown): void;
}

/** The id of the JSON-RPC request a POST carries, if it carries one (the relay wrote the body itself). */
function requestIdOf(init: RequestInit | undefined): RequestId | undefined {
  if (init?.method !== 'POST' || typeof init.body !== 'string') return undefined;
  let message: unknown;
  try {
    message = JSON.parse(init.body);
  } catch {
    return undefined;
  }
  if (message === null || typeof message !== 'object' || !('method' in message)) return undefined;
  const id = (message as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/** A body that reports each chunk it passes on, and how it ended. */
function watchedBody(
  body: ReadableStream<Uint8Array>,
  onChunk: () => void,
  onEnd: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let next: Awaited<ReturnType<typeof reader.read>>;
      try {
        next = await reader.read();
      } catch (error) {
        controller.error(error);
        return onEnd(error);
      }
      if (next.done) {
        controller.close();
        return onEnd(undefined);
      }
      onChunk();
      controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * The fetch the relay's MCP client transport uses: it tells the relay whenever the app sends
 * anything, and when the stream carrying a request's reply ends, which the MCP SDK does not say.
 */
export function watchAppResponses(hooks: AppResponseHooks, baseFetch: Fetch = fetch): Fetch {
  return async (input, init) => {
    const id = requestIdOf(init);
    const own = id === undefined ? undefined : hooks.signalFor(id);
    const signal = own && init?.signal ? AbortSignal.any([init.signal, own]) : (own ?? init?.signal);
    const response = await baseFetch(input, { ...init, ...(signal ? { signal } : {}) });
    hooks.heard();
    // A refusal or a failure to connect is the relay's to describe; this watches what the app took.
    if (!response.ok || !response.body) return response;
    if (id !== undefined) hooks.accepted(id);
    const body = watchedBody(response.body, hooks.heard, (error) => {
      if (id !== undefined) hooks.ended(id, error);
    });
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
