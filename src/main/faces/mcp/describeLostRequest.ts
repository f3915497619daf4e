import type { RelayFailureReason } from './describeRelayFailure';

/** How a request the app had taken was lost: its connection closed, or the app fell silent. */
export type LostRequest = { kind: 'closed' } | { kind: 'silent'; quietMs: number };

/**
 * What the agent is told about a request the app took but never answered: what happened, and what
 * that means for a run the request started.
 */
export function describeLostRequest(
  lost: LostRequest,
  url: string,
  method: string,
): { reason: RelayFailureReason; message: string } {
  if (lost.kind === 'closed')
    return {
      reason: 'app_went_away',
      message:
        `the playground app at ${url} went away while the '${method}' request was under way: its connection ` +
        `closed before the answer came (the app quit, crashed or restarted, or dropped the connection). No ` +
        `answer will come, and a run the request started did not finish (a run ends with the app, and the ` +
        `app cancels a run whose request's connection closes). Start the app again if it is not running, then retry`,
    };
  return {
    reason: 'app_not_answering',
    message:
      `the playground app at ${url} stopped answering while the '${method}' request was under way: nothing ` +
      `came from it (no progress, no answer to the relay's pings) for ${Math.round(lost.quietMs / 1000)} s, so ` +
      `it may be stuck, frozen or overloaded. The relay gave up on the request and closed it; a run the ` +
      `request started is cancelled if the app recovers, and its result will not come`,
  };
}
