import { isSafeGuestIdentifier, RESERVED_WORDS } from '../../../shared/protocol/identifiers';

const NOT_ID_CONTINUE = /[^\p{ID_Continue}$\u200C\u200D]/gu;
const ID_START = /^[\p{ID_Start}$_]/u;

/**
 * A guest identifier for an upstream tool name: characters JS does not allow in identifiers become
 * `_` (Unicode letters and digits are kept), a leading digit gets a `_` prefix, and a reserved word
 * (let, yield, await, static, enum, …) or `__proto__` gets a `_` suffix. Collisions are resolved by
 * {@link assignSafeToolNames}.
 */
export function sanitizeToolName(name: string): string {
  let safe = name.normalize('NFC').replace(NOT_ID_CONTINUE, '_');
  if (safe.length === 0) return '_';
  if (!ID_START.test(safe)) safe = `_${safe}`;
  if (RESERVED_WORDS.has(safe) || safe === '__proto__') safe = `${safe}_`;
  return isSafeGuestIdentifier(safe) ? safe : `_${safe}`;
}
