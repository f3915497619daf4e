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
const NO_NAMES: readonly string[] = Object.freeze([]);

/**
 * The secret names masked anywhere in a JSON-like value (strings and object keys), without
 * duplicates. Cached per object, so a growing live transcript is only walked for its new entries;
 * an object without secrets allocates nothing (a 50,000-row result is walked once, cheaply).
 */
export function maskedSecretNamesInValue(value: unknown): string[] {
  const visit = (item: unknown): readonly string[] => {
    if (typeof item === 'string')
      return item.includes(SECRET_MASK_OPEN) ? maskedSecretNamesIn(item) : NO_NAMES;
    if (typeof item !== 'object' || item === null) return NO_NAMES;
    const cached = namesCache.get(item);
    if (cached) return cached;
    let found: Set<string> | undefined;
    const take = (names: readonly string[]): void => {
      if (names.length === 0) return;
      found ??= new Set();
      for (const name of names) found.add(name);
    };
    if (Array.isArray(item)) for (const part of item) take(visit(part));
    else
      for (const key in item) {
        if (!Object.hasOwn(item, key)) continue;
        take(visit(key));
        take(visit((item as Record<string, unknown>)[key]));
      }
    const list = found ? [...found] : NO_NAMES;
    namesCache.set(item, list);
    return list;
  };
  return [...visit(value)];
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
