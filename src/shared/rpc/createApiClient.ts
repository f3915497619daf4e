import type { Unsubscribe } from '../transport';
import {
  PLAYGROUND_API_METHODS,
  type ApiNamespace,
  type PlaygroundApi,
  type PlaygroundEvent,
} from '../api/playgroundApi';
import type { RpcErrorKind, RpcResponse } from './envelope';

/** A failed API call as the renderer sees it, whatever the transport. */
export class ApiCallError extends Error {
  override readonly name = 'ApiCallError';
  constructor(
    readonly kind: RpcErrorKind | 'disconnected',
    message: string,
  ) {
    super(message);
  }
}

/** The two things a transport must offer: send one call and get its response; subscribe to events. */
export interface RpcChannel {
  call(namespace: ApiNamespace, method: string, args: unknown[]): Promise<RpcResponse>;
  subscribe(listener: (event: PlaygroundEvent) => void): Unsubscribe;
}

/** Builds the typed PlaygroundApi from a channel, one proxy method per entry of PLAYGROUND_API_METHODS. */
export function createApiClient(channel: RpcChannel): PlaygroundApi {
  const namespaces = {} as Record<ApiNamespace, Record<string, (...args: unknown[]) => Promise<unknown>>>;
  for (const namespace of Object.keys(PLAYGROUND_API_METHODS) as ApiNamespace[]) {
    const methods: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
    for (const method of PLAYGROUND_API_METHODS[namespace]) {
      methods[method] = async (...args: unknown[]) => {
        const response = await channel.call(namespace, method, args);
        if (!response.ok) throw new ApiCallError(response.error.kind, response.error.message);
        return response.value;
      };
    }
    namespaces[namespace] = methods;
  }
  return {
    ...(namespaces as unknown as Omit<PlaygroundApi, 'onEvent'>),
    onEvent: (listener) => channel.subscribe(listener),
  };
}
