import type { Unsubscribe } from '../transport';
import { ASK_API_METHODS, type AskApi, type AskEvent } from './ask';
import { DEBUG_API_METHODS, type DebugApi, type DebugEvent } from './debug';
import { NETWORK_API_METHODS, type NetworkApi, type NetworkEvent } from './network';
import { PROVIDERS_API_METHODS, type ProvidersApi, type ProvidersEvent } from './providers';
import { RUNS_API_METHODS, type RunsApi, type RunsEvent } from './runs';
import { WORKSPACE_API_METHODS, type WorkspaceApi, type WorkspaceEvent } from './workspace';

/** The one contract between the renderer and the trusted host, over IPC or WebSocket alike. */
export interface PlaygroundApi {
  workspace: WorkspaceApi;
  providers: ProvidersApi;
  runs: RunsApi;
  debug: DebugApi;
  network: NetworkApi;
  ask: AskApi;
  onEvent(listener: (event: PlaygroundEvent) => void): Unsubscribe;
}

export type PlaygroundEvent =
  WorkspaceEvent | ProvidersEvent | RunsEvent | DebugEvent | NetworkEvent | AskEvent;

export const PLAYGROUND_API_METHODS = {
  workspace: WORKSPACE_API_METHODS,
  providers: PROVIDERS_API_METHODS,
  runs: RUNS_API_METHODS,
  debug: DEBUG_API_METHODS,
  network: NETWORK_API_METHODS,
  ask: ASK_API_METHODS,
} as const;

export type ApiNamespace = keyof typeof PLAYGROUND_API_METHODS;

/** The host side: the same namespaces without the event subscription. */
export type PlaygroundHostServices = Omit<PlaygroundApi, 'onEvent'>;
