import { normalizeGuestCode } from './normalizeGuestCode';

const MAX_ENTRIES = 64;
const cache = new Map<string, string>();

function remember(code: string, body: string): void {
  cache.set(code, body);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
}

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
  const body = normalizeGuestCode(code);
  remember(code, body);
  return body;
}

/**
 * Puts code the host (trusted) normalized with the same normalizeCode into the cache: used only for
 * exactly that code string. Anything but two strings is ignored. Returns whether it was used.
 */
export function seedNormalizedCode(seed: unknown): boolean {
  if (typeof seed !== 'object' || seed === null) return false;
  const { code, body } = seed as { code?: unknown; body?: unknown };
  if (typeof code !== 'string' || typeof body !== 'string') return false;
  remember(code, body);
  return true;
}
