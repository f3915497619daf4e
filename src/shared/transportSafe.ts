import { utf8ByteLength } from './protocol/utf8ByteLength';

/** Deepest nesting of arrays/objects a transported value may have. */
export const DEFAULT_MAX_VALUE_DEPTH = 512;

export interface TransportSafeOptions {
  /** Name used for the root in `path` (default `value`), e.g. `result` gives `result.items[2]`. */
  rootName?: string;
  /** Arrays/objects nested deeper than this are rejected (default 512). */
  maxDepth?: number;
  /** Rejects values whose JSON text would exceed this many bytes (estimated while walking). */
  maxBytes?: number;
  /** Whether `undefined` is accepted as the whole value (default true: omitted input/result). */
  allowUndefinedRoot?: boolean;
}

export type TransportSafeCheck = { ok: true } | { ok: false; path: string; reason: string };

/** Thrown inside the walk; `at` is the key path from the root (built into a string only on failure). */
class Unsafe {
  constructor(
    readonly at: readonly (string | number)[],
    readonly reason: string,
  ) {}
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function formatPath(rootName: string, at: readonly (string | number)[]): string {
  let path = rootName;
  for (const key of at) {
    if (typeof key === 'number') path += `[${key}]`;
    else path += IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
  }
  return path;
}

function describe(value: object): string {
  const proto = Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null;
  const name = proto?.constructor?.name;
  return `a ${typeof name === 'string' && name ? name : 'object'} instance`;
}

/**
 * Checks the serialization contract of the runner specification: `undefined` (as the whole value),
 * null, strings, booleans, finite numbers, arrays and plain objects of such values. Rejects bigint,
 * functions, symbols, non-finite numbers, cycles, non-plain objects (Date, Map, class instances),
 * accessor properties (never invoked), sparse arrays and nesting deeper than `maxDepth`.
 *
 * An object property whose value is `undefined` is accepted and means "absent", as in JSON; an
 * `undefined` array element is rejected because JSON would silently turn it into null.
 * Never throws: a throwing Proxy trap becomes a rejection at the path where it happened.
 */
export function checkTransportSafe(value: unknown, options: TransportSafeOptions = {}): TransportSafeCheck {
  const rootName = options.rootName ?? 'value';
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_VALUE_DEPTH;
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  const counting = Number.isFinite(maxBytes);
  const ancestors = new Set<object>();
  const at: (string | number)[] = [];
  let bytes = 0;

  const count = (n: number): void => {
    bytes += n;
    if (bytes > maxBytes) throw new Unsafe(at, `is larger than the ${maxBytes}-byte limit`);
  };

  const walk = (current: unknown, depth: number): void => {
    switch (typeof current) {
      case 'string':
        if (counting) count(utf8ByteLength(current) + 2);
        return;
      case 'boolean':
        if (counting) count(5);
        return;
      case 'number':
        if (!Number.isFinite(current))
          throw new Unsafe(at, `is ${String(current)}, which is not a finite number`);
        if (counting) count(String(current).length);
        return;
      case 'undefined':
        throw new Unsafe(at, 'is undefined, which JSON cannot carry here');
      case 'bigint':
      case 'function':
      case 'symbol':
        throw new Unsafe(at, `is a ${typeof current}, which is not JSON-serializable`);
    }
    if (current === null) {
      if (counting) count(4);
      return;
    }
    const object = current as object;
    if (depth >= maxDepth) throw new Unsafe(at, `is nested deeper than ${maxDepth} levels`);
    if (ancestors.has(object)) throw new Unsafe(at, 'is a cyclic reference');
    ancestors.add(object);
    if (Array.isArray(object)) walkArray(object, depth);
    else walkObject(object, depth);
    ancestors.delete(object);
  };

  const walkArray = (array: unknown[], depth: number): void => {
    if (Object.getPrototypeOf(array) !== Array.prototype && !isForeignArrayPrototype(array)) {
      throw new Unsafe(at, `is ${describe(array)}, not a plain array`);
    }
    if (counting) count(2);
    for (let i = 0; i < array.length; i++) {
      at.push(i);
      const descriptor = Object.getOwnPropertyDescriptor(array, i);
      if (!descriptor) throw new Unsafe(at, 'is a hole in a sparse array');
      if (!('value' in descriptor)) throw new Unsafe(at, 'is an accessor property');
      if (counting) count(1);
      walk(descriptor.value, depth + 1);
      at.pop();
    }
  };

  const walkObject = (object: object, depth: number): void => {
    const proto: unknown = Object.getPrototypeOf(object);
    if (proto !== null && proto !== Object.prototype && !isForeignObjectPrototype(proto)) {
      throw new Unsafe(at, `is ${describe(object)}, not a plain object`);
    }
    if (Object.getOwnPropertySymbols(object).length > 0) {
      throw new Unsafe(at, 'has symbol-keyed properties, which JSON cannot carry');
    }
    if (counting) count(2);
    for (const key of Object.keys(object)) {
      at.push(key);
      const descriptor = Object.getOwnPropertyDescriptor(object, key);
      if (descriptor) {
        if (!('value' in descriptor)) throw new Unsafe(at, 'is an accessor property');
        if (descriptor.value !== undefined) {
          if (counting) count(utf8ByteLength(key) + 4);
          walk(descriptor.value, depth + 1);
        }
      }
      at.pop();
    }
  };

  try {
    if (value === undefined) {
      return options.allowUndefinedRoot === false
        ? { ok: false, path: rootName, reason: 'is undefined, which JSON cannot carry here' }
        : { ok: true };
    }
    walk(value, 0);
    return { ok: true };
  } catch (error) {
    if (error instanceof Unsafe)
      return { ok: false, path: formatPath(rootName, error.at), reason: error.reason };
    const path = formatPath(rootName, at);
    if (error instanceof RangeError) return { ok: false, path, reason: 'is nested too deeply to inspect' };
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, path, reason: `could not be inspected: ${message}` };
  }
}

/** Formats a failed check as one sentence, e.g. `result.when is a Date instance, not a plain object`. */
export function describeTransportUnsafe(check: { path: string; reason: string }): string {
  return `${check.path} ${check.reason}`;
}

// Values from another realm (vm context, iframe) are plain when their prototype is that realm's
// Object.prototype / Array.prototype, recognisable by having no prototype of their own above.
function isForeignObjectPrototype(proto: unknown): boolean {
  return (
    typeof proto === 'object' &&
    proto !== null &&
    Object.getPrototypeOf(proto) === null &&
    Object.prototype.hasOwnProperty.call(proto, 'hasOwnProperty') &&
    Object.prototype.hasOwnProperty.call(proto, 'isPrototypeOf')
  );
}

function isForeignArrayPrototype(array: unknown[]): boolean {
  const proto: unknown = Object.getPrototypeOf(array);
  return (
    typeof proto === 'object' &&
    proto !== null &&
    Array.isArray(proto) &&
    isForeignObjectPrototype(Object.getPrototypeOf(proto))
  );
}
