import { createHash, timingSafeEqual } from 'node:crypto';

/** Compares a presented secret with the expected one in constant time (hashing first evens out the lengths). */
export function tokensMatch(presented: string | undefined, expected: string): boolean {
  if (presented === undefined) return false;
  const a = createHash('sha256').update(presented, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}
