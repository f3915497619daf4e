import { useEffect } from 'react';
import { useApi } from './hostContext';
import { syncDebugState } from './debugStore';

/** Keeps the debug store in step with the host; every debug panel calls it. */
export function useDebugSync() {
  const api = useApi();
  useEffect(() => syncDebugState(api), [api]);
  return api;
}
