import { isSafeGuestIdentifier } from '../../../shared/protocol/identifiers';
import { sanitizeToolName } from './sanitizeToolName';

export interface ToolNameMaps {
  originalToSafeName: Record<string, string>;
  safeToOriginalName: Record<string, string>;
}

/**
 * Deterministic guest names for a provider's tools. Names that are already safe identifiers keep
 * themselves; the rest are sanitized in declaration order, and a name taken before gets `__2`,
 * `__3`, … (the first free one).
 */
export function assignSafeToolNames(originalNames: readonly string[]): ToolNameMaps {
  const originalToSafeName: Record<string, string> = Object.create(null);
  const safeToOriginalName: Record<string, string> = Object.create(null);
  const claim = (original: string, safe: string): void => {
    originalToSafeName[original] = safe;
    safeToOriginalName[safe] = original;
  };
  for (const original of originalNames) {
    if (isSafeGuestIdentifier(original)) claim(original, original);
  }
  for (const original of originalNames) {
    if (original in originalToSafeName) continue;
    const base = sanitizeToolName(original);
    let safe = base;
    for (let n = 2; safe in safeToOriginalName; n++) safe = `${base}__${n}`;
    claim(original, safe);
  }
  return { originalToSafeName: { ...originalToSafeName }, safeToOriginalName: { ...safeToOriginalName } };
}
