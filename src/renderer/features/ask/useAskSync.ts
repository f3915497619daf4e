import { useEffect } from 'react';
import { useApi } from '../../state/hostContext';
import { syncAskState } from './askStore';

/** Keeps the ask store in step with the host; the Ask panel calls it. */
export function useAskSync() {
  const api = useApi();
  useEffect(() => syncAskState(api), [api]);
  return api;
}
