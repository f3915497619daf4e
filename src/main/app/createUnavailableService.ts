import { PLAYGROUND_API_METHODS, type PlaygroundHostServices } from '../../shared/api/playgroundApi';

/** Stands in for an optional service this host was built without; every call says so plainly. */
export function createUnavailableService<N extends 'debug' | 'network' | 'ask'>(
  namespace: N,
): PlaygroundHostServices[N] {
  const service: Record<string, () => Promise<never>> = {};
  for (const method of PLAYGROUND_API_METHODS[namespace]) {
    service[method] = () =>
      Promise.reject(new Error(`the ${namespace} service is not available in this host`));
  }
  return service as unknown as PlaygroundHostServices[N];
}
