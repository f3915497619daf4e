import type { PlaygroundEvent } from '../api/playgroundApi';
import type { Unsubscribe } from '../transport';
import type { RpcRequest, RpcResponse } from './envelope';

/** IPC channel names shared by the preload script and the Electron main process. */
export const IPC_INVOKE_CHANNEL = 'execbox:invoke';
export const IPC_EVENT_CHANNEL = 'execbox:event';
export const IPC_OPEN_EXTERNAL_CHANNEL = 'execbox:open-external';

/** What the preload exposes as `window.execbox`: the raw envelope channel, nothing else. */
export interface ExecboxBridge {
  invoke(request: RpcRequest): Promise<RpcResponse>;
  onEvent(listener: (event: PlaygroundEvent) => void): Unsubscribe;
  /** Asks the host to open an http(s) link in the OS browser. */
  openExternal(url: string): Promise<void>;
}
