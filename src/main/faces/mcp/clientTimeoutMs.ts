/** The `_meta` key an agent's `tools/call` may carry to say how long its client waits for the answer. */
export const CLIENT_TIMEOUT_META_KEY = 'dev.execbox/timeoutMs';

/** A day: a client waiting longer than that has, for the app's display, no deadline worth showing. */
const MAX_CLIENT_TIMEOUT_MS = 86_400_000;

/**
 * How long the client said it waits (milliseconds), from its request's `_meta`; undefined when it
 * said nothing or something that is not a positive whole number of milliseconds up to a day.
 */
export function clientTimeoutMs(meta: Record<string, unknown> | undefined): number | undefined {
  const value = meta?.[CLIENT_TIMEOUT_META_KEY];
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= MAX_CLIENT_TIMEOUT_MS
    ? value
    : undefined;
}
