import { secretMaskToken } from '../../shared/secretMaskToken';

/**
 * Values shorter than this are not masked: masking "a" or "ok" everywhere would make every view
 * unreadable while protecting nothing (a secret that short is guessable anyway).
 */
export const MIN_MASKED_SECRET_LENGTH = 4;

/** Deeper than this, a value cannot be checked and is replaced whole (protocol values stop at 512 levels). */
const MAX_MASK_DEPTH = 1_000;
export const TOO_DEEP_TO_MASK = '«too deeply nested to check for secrets»';

export interface SecretMasker {
  /** How many secret values it masks (0: every call returns its argument unchanged). */
  readonly size: number;
  /** The length of the longest text it masks (a value as written, in a JSON string or URL-encoded). */
  readonly longest: number;
  maskText(text: string): string;
  /**
   * Masks every string in a JSON-like value, object keys included, at any depth. Returns the same
   * reference when nothing needed masking, otherwise a copy; never changes its argument. Objects
   * other than plain records and arrays (Dates, Maps, typed arrays) are passed through as they are.
   */
  mask<T>(value: T): T;
}

export const NO_SECRET_MASKER: SecretMasker = {
  size: 0,
  longest: 0,
  maskText: (text) => text,
  mask: (value) => value,
};

/**
 * One masker for a set of named secret values: a single regular expression (an alternation of
 * the escaped values, longest first, so a secret containing another is masked whole), built once
 * per change of the store. Each value is also matched as it reads inside a JSON string and
 * URL-encoded, the two ways a tool most often echoes it.
 */
export function createSecretMasker(secrets: Iterable<readonly [name: string, value: string]>): SecretMasker {
  const nameOf = new Map<string, string>();
  let size = 0;
  for (const [name, value] of secrets) {
    if (typeof value !== 'string' || value.length < MIN_MASKED_SECRET_LENGTH) continue;
    size += 1;
    for (const variant of [value, JSON.stringify(value).slice(1, -1), safeEncodeUri(value)]) {
      if (variant !== undefined && !nameOf.has(variant)) nameOf.set(variant, name);
    }
  }
  if (size === 0) return NO_SECRET_MASKER;
  const alternation = [...nameOf.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
  const pattern = new RegExp(alternation, 'g');
  const tokenOf = (match: string) => secretMaskToken(nameOf.get(match) ?? 'unknown');

  const maskText = (text: string): string => {
    pattern.lastIndex = 0;
    if (!pattern.test(text)) return text;
    pattern.lastIndex = 0;
    return text.replace(pattern, tokenOf);
  };

  const maskAny = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return maskText(value);
    if (typeof value !== 'object' || value === null) return value;
    if (depth > MAX_MASK_DEPTH) return TOO_DEEP_TO_MASK;
    if (Array.isArray(value)) {
      let copy: unknown[] | undefined;
      for (let index = 0; index < value.length; index += 1) {
        const item: unknown = value[index];
        const masked = maskAny(item, depth + 1);
        if (masked !== item && !copy) copy = value.slice(0, index);
        copy?.push(masked);
      }
      return copy ?? value;
    }
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return value;
    const entries = Object.entries(value);
    let changed = false;
    const masked = entries.map(([key, item]) => {
      const maskedKey = maskText(key);
      const maskedItem = maskAny(item, depth + 1);
      if (maskedKey !== key || maskedItem !== item) changed = true;
      return [maskedKey, maskedItem] as const;
    });
    if (!changed) return value;
    const copy: Record<string, unknown> = proto === null ? Object.create(null) : {};
    for (const [key, item] of masked) {
      let unique = key;
      for (let n = 2; Object.hasOwn(copy, unique); n += 1) unique = `${key} (${n})`;
      // defineProperty, not assignment: a key named "__proto__" stays an ordinary key.
      Object.defineProperty(copy, unique, {
        value: item,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return copy;
  };

  const longest = Math.max(...[...nameOf.keys()].map((variant) => variant.length));
  return { size, longest, maskText, mask: <T>(value: T) => maskAny(value, 0) as T };
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

function safeEncodeUri(value: string): string | undefined {
  try {
    return encodeURIComponent(value);
  } catch {
    return undefined; // a lone surrogate cannot be URL-encoded
  }
}
