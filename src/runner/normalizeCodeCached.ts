import { normalizeCode } from '../shared/normalizeCode';

const MAX_ENTRIES = 64;
const cache = new Map<string, string>();

/**
 * normalizeCode with a small per-process cache: a runner often receives the same code again (a
 * pooled shell re-running a script, prewarm, replays). Errors are not cached; they are rethrown.
 */
export function normalizeCodeCached(code: string): string {
  const hit = cache.get(code);
  if (hit !== undefined) {
    cache.delete(code);
    cache.set(code, hit);
    return hit;
  }
  const body = normalizeCode(code);
  cache.set(code, body);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return body;
}
