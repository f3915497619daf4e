import { createContext, useContext } from 'react';
import type { PlaygroundApi } from '../../shared/api/playgroundApi';

export interface HostContextValue {
  api: PlaygroundApi;
  openExternal(url: string): void;
}

export const HostContext = createContext<HostContextValue | null>(null);

/** The PlaygroundApi, whatever transport carries it. */
export function useApi(): PlaygroundApi {
  const host = useContext(HostContext);
  if (!host) throw new Error('useApi needs a HostContext provider');
  return host.api;
}

export function useOpenExternal(): (url: string) => void {
  const host = useContext(HostContext);
  if (!host) throw new Error('useOpenExternal needs a HostContext provider');
  return host.openExternal;
}
