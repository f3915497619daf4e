import { ApiCallError } from '../../shared/rpc/createApiClient';

/** A message for people: the host's own words, without the transport's wrapping. */
export function describeError(error: unknown): string {
  if (error instanceof ApiCallError && error.kind === 'disconnected')
    return 'the app lost its connection to the host';
  if (error instanceof Error) return error.message;
  return String(error);
}
