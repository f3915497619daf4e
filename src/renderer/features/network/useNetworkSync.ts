import { useEffect } from 'react';
import { useApi } from '../../state/hostContext';
import { syncNetworkState } from './networkStore';

/** Keeps the network store in step with the host; every network panel calls it. */
export function useNetworkSync() {
  const api = useApi();
  useEffect(() => syncNetworkState(api), [api]);
  return api;
}
