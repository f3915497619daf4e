/**
 * A signal that follows `signal` only until `release` is called. The SDK cancels a request (sends
 * `notifications/cancelled`) whenever the request's signal aborts, even long after its answer came;
 * a run's signal aborts when the run ends, so it is handed on only while the request is in flight.
 */
export function inFlightSignal(signal: AbortSignal): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const forward = () => controller.abort(signal.reason);
  if (signal.aborted) forward();
  else signal.addEventListener('abort', forward, { once: true });
  return { signal: controller.signal, release: () => signal.removeEventListener('abort', forward) };
}
