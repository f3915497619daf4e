/**
 * How a masked secret value reads wherever the host passes text on: `«secret:NAME»`. The name is
 * safe to show (names are visible in the UI; values never are), and it tells a view which secret a
 * person may ask the host to reveal.
 */
export const SECRET_MASK_OPEN = '«secret:';
export const SECRET_MASK_CLOSE = '»';

export function secretMaskToken(name: string): string {
  return `${SECRET_MASK_OPEN}${name}${SECRET_MASK_CLOSE}`;
}

const TOKEN_PATTERN = /«secret:([A-Za-z_][A-Za-z0-9_]*)»/g;

/** The secret names masked in a text, without duplicates, in order of first appearance. */
export function maskedSecretNamesIn(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(TOKEN_PATTERN), (match) => match[1] as string))];
}

/** Puts revealed values back in place of their tokens; tokens of secrets not revealed stay. */
export function revealMaskedSecrets(text: string, revealed: ReadonlyMap<string, string>): string {
  if (revealed.size === 0 || !text.includes(SECRET_MASK_OPEN)) return text;
  return text.replace(TOKEN_PATTERN, (token, name: string) => revealed.get(name) ?? token);
}

const namesCache = new WeakMap<object, readonly string[]>();

/**
 * The secret names masked anywhere in a JSON-like value (strings and object keys), without
 * duplicates. Cached per object, so a growing live transcript is only walked for its new entries.
 */
export function maskedSecretNamesInValue(value: unknown): string[] {
  const names = new Set<string>();
  const visit = (item: unknown): readonly string[] => {
    if (typeof item === 'string') return item.includes(SECRET_MASK_OPEN) ? maskedSecretNamesIn(item) : [];
    if (typeof item !== 'object' || item === null) return [];
    const cached = namesCache.get(item);
    if (cached) return cached;
    const found = new Set<string>();
    const parts = Array.isArray(item) ? item : Object.entries(item).flat();
    for (const part of parts) for (const name of visit(part)) found.add(name);
    const list = [...found];
    namesCache.set(item, list);
    return list;
  };
  for (const name of visit(value)) names.add(name);
  return [...names];
}

/** `revealMaskedSecrets` over every string and key of a JSON-like value; returns copies. */
export function revealMaskedSecretsInValue<T>(value: T, revealed: ReadonlyMap<string, string>): T {
  const visit = (item: unknown): unknown => {
    if (typeof item === 'string') return revealMaskedSecrets(item, revealed);
    if (typeof item !== 'object' || item === null) return item;
    if (maskedSecretNamesInValue(item).length === 0) return item;
    if (Array.isArray(item)) return item.map(visit);
    const copy: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(item))
      Object.defineProperty(copy, revealMaskedSecrets(key, revealed), {
        value: visit(inner),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return copy;
  };
  return visit(value) as T;
}
