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
/** Objects this close to the root have their names cached (a transcript's entries); deeper ones are walked. */
const CACHED_DEPTH = 1;
const scratchNames = new Set<string>();

/**
 * The secret names masked anywhere in a JSON-like value (strings and object keys), without
 * duplicates. The root's children are cached, so a growing live transcript is only walked for its
 * new entries; deeper objects are walked without a cache entry each (a 50,000-row result would
 * otherwise cost 150,000 of them).
 */
export function maskedSecretNamesInValue(value: unknown): string[] {
  const found = new Set<string>();
  if (Array.isArray(value) && extendsLastRoot(value)) {
    // A live transcript grows by appending: only its new entries are looked at.
    for (const name of lastRoot.names) found.add(name);
    for (let i = lastRoot.length; i < value.length; i++) collectNames(value[i], found, 1);
  } else collectNames(value, found, 0);
  if (Array.isArray(value)) lastRoot = { array: value, length: value.length, names: [...found] };
  return [...found];
}

function collectNames(item: unknown, into: Set<string>, depth: number): void {
  if (typeof item === 'string') {
    if (item.includes(SECRET_MASK_OPEN)) for (const name of maskedSecretNamesIn(item)) into.add(name);
    return;
  }
  if (typeof item !== 'object' || item === null) return;
  if (depth > CACHED_DEPTH) return walkNames(item, into, depth);
  let names = namesCache.get(item);
  if (!names) {
    // At the deepest cached level the walk below never comes back here: one set serves every
    // entry there (a live transcript's entries, most of which hold no secret).
    const own = depth === CACHED_DEPTH ? scratchNames : new Set<string>();
    // Clearing allocates a new table: only a set holding something (a walk that threw) needs it.
    if (own.size > 0) own.clear();
    walkNames(item, own, depth);
    names = own.size === 0 ? NO_NAMES : [...own];
    if (own.size > 0) own.clear();
    namesCache.set(item, names);
  }
  for (const name of names) into.add(name);
}

function walkNames(item: object, into: Set<string>, depth: number): void {
  if (Array.isArray(item)) for (const part of item) collectNames(part, into, depth + 1);
  else
    for (const key in item) {
      if (!Object.hasOwn(item, key)) continue;
      collectNames(key, into, depth);
      collectNames((item as Record<string, unknown>)[key], into, depth + 1);
    }
}

let lastRoot: { array: readonly unknown[]; length: number; names: readonly string[] } = {
  array: [],
  length: 0,
  names: NO_NAMES,
};

/**
 * Whether `array` starts with the last root array seen: the same object first and last (a transcript
 * grown by appending). Plain values equal by value say nothing about what lies between them.
 */
function extendsLastRoot(array: readonly unknown[]): boolean {
  const { array: last, length } = lastRoot;
  if (length === 0 || array.length < length) return false;
  if (array === last) return true;
  const isObject = (item: unknown): boolean => typeof item === 'object' && item !== null;
  return (
    isObject(last[0]) &&
    isObject(last[length - 1]) &&
    array[0] === last[0] &&
    array[length - 1] === last[length - 1]
  );
}

/** `revealMaskedSecrets` over every string and key of a JSON-like value; returns copies. */
export function revealMaskedSecretsInValue<T>(value: T, revealed: ReadonlyMap<string, string>): T {
  const visit = (item: unknown): unknown => {
    if (typeof item === 'string') return revealMaskedSecrets(item, revealed);
    if (typeof item !== 'object' || item === null) return item;
    // Not maskedSecretNamesInValue: that would take this part for the root a transcript grows from.
    const names = new Set<string>();
    collectNames(item, names, 0);
    if (names.size === 0) return item;
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
