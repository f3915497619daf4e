import type { PlaygroundApi } from '../../shared/api/playgroundApi';
import { createApiClient } from '../../shared/rpc/createApiClient';
import type { ExecboxBridge } from '../../shared/rpc/execboxBridge';

/** The Electron transport: envelopes through the preload's `window.execbox` bridge. */
export function createIpcClient(bridge: ExecboxBridge): PlaygroundApi {
  let nextId = 1;
  return createApiClient({
    call: (namespace, method, args) =>
      bridge.invoke({ type: 'request', id: nextId++, namespace, method, args }),
    subscribe: (listener) => bridge.onEvent(listener),
  });
}
