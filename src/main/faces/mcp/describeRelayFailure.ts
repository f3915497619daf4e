import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export type RelayFailureReason =
  | 'token_refused'
  | 'request_refused'
  | 'app_not_running'
  | 'app_not_answering'
  | 'app_went_away'
  | 'app_failed';

/** The relay's own: the app took no message within the bound. */
export class RelayTimeoutError extends Error {
  constructor(readonly afterMs: number) {
    super(`no reply within ${afterMs / 1000} s`);
  }
}

const NOT_LISTENING = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENOTFOUND', 'EADDRNOTAVAIL']);

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

/**
 * What the agent is told when the relay could not hand a request to the app, from what the relay
 * knows: the app's HTTP status, the connection's error code, or its own timeout.
 */
export function describeRelayFailure(
  error: unknown,
  url: string,
): { reason: RelayFailureReason; message: string } {
  if (error instanceof RelayTimeoutError)
    return {
      reason: 'app_not_answering',
      message: `the playground app at ${url} is not answering (${error.message}); it may be stuck or busy, or something else listens on that port`,
    };
  if (error instanceof StreamableHTTPError) {
    if (error.code === 401)
      return {
        reason: 'token_refused',
        message: `the playground app at ${url} refused the token in $EXECBOX_TOKEN: copy the configuration again from its Agents panel`,
      };
    if (error.code === 403 || error.code === 421 || error.code === 404)
      return {
        reason: 'request_refused',
        message: `the server at ${url} refused the request (HTTP ${error.code}); is that the endpoint the Agents panel shows?`,
      };
    return {
      reason: 'app_failed',
      message: `the playground app at ${url} answered HTTP ${error.code ?? 'error'}: ${error.message}`,
    };
  }
  const code = causeCode(error);
  // Node's fetch: the connection was made, then closed by the other side before the answer came.
  if (code === 'UND_ERR_SOCKET')
    return {
      reason: 'app_went_away',
      message: `the playground app at ${url} closed the connection before it answered (it quit, crashed or restarted, or dropped the connection)`,
    };
  if (code && NOT_LISTENING.has(code))
    return {
      reason: 'app_not_running',
      message: `the playground app is not running: nothing answers at ${url} (${code}); start the app or execbox serve`,
    };
  return {
    reason: 'app_failed',
    message: `the playground app at ${url} could not be reached: ${error instanceof Error ? error.message : String(error)}`,
  };
}
