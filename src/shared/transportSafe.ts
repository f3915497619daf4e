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

class Unsafe {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {}
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function childPath(parent: string, key: string): string {
  return IDENTIFIER.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
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
  const ancestors = new Set<object>();
  let bytes = 0;

  const count = (n: number, path: string): void => {
    bytes += n;
    if (bytes > maxBytes) throw new Unsafe(path, `is larger than the ${maxBytes}-byte limit`);
  };

  const walk = (current: unknown, path: string, depth: number): void => {
    switch (typeof current) {
      case 'string':
        count(utf8ByteLength(current) + 2, path);
        return;
      case 'boolean':
        count(5, path);
        return;
      case 'number':
        if (!Number.isFinite(current))
          throw new Unsafe(path, `is ${String(current)}, which is not a finite number`);
        count(String(current).length, path);
        return;
      case 'undefined':
        throw new Unsafe(path, 'is undefined, which JSON cannot carry here');
      case 'bigint':
      case 'function':
      case 'symbol':
        throw new Unsafe(path, `is a ${typeof current}, which is not JSON-serializable`);
    }
    if (current === null) {
      count(4, path);
      return;
    }
    const object = current as object;
    if (depth >= maxDepth) throw new Unsafe(path, `is nested deeper than ${maxDepth} levels`);
    if (ancestors.has(object)) throw new Unsafe(path, 'is a cyclic reference');
    ancestors.add(object);
    if (Array.isArray(object)) walkArray(object, path, depth);
    else walkObject(object, path, depth);
    ancestors.delete(object);
  };

  const walkArray = (array: unknown[], path: string, depth: number): void => {
    if (Object.getPrototypeOf(array) !== Array.prototype && !isForeignArrayPrototype(array)) {
      throw new Unsafe(path, `is ${describe(array)}, not a plain array`);
    }
    count(2, path);
    for (let i = 0; i < array.length; i++) {
      const elementPath = `${path}[${i}]`;
      const descriptor = Object.getOwnPropertyDescriptor(array, i);
      if (!descriptor) throw new Unsafe(elementPath, 'is a hole in a sparse array');
      if (!('value' in descriptor)) throw new Unsafe(elementPath, 'is an accessor property');
      count(1, elementPath);
      walk(descriptor.value, elementPath, depth + 1);
    }
  };

  const walkObject = (object: object, path: string, depth: number): void => {
    const proto: unknown = Object.getPrototypeOf(object);
    if (proto !== null && proto !== Object.prototype && !isForeignObjectPrototype(proto)) {
      throw new Unsafe(path, `is ${describe(object)}, not a plain object`);
    }
    if (Object.getOwnPropertySymbols(object).length > 0) {
      throw new Unsafe(path, 'has symbol-keyed properties, which JSON cannot carry');
    }
    count(2, path);
    for (const key of Object.keys(object)) {
      const propertyPath = childPath(path, key);
      const descriptor = Object.getOwnPropertyDescriptor(object, key);
      if (!descriptor) continue;
      if (!('value' in descriptor)) throw new Unsafe(propertyPath, 'is an accessor property');
      if (descriptor.value === undefined) continue;
      count(utf8ByteLength(key) + 4, propertyPath);
      walk(descriptor.value, propertyPath, depth + 1);
    }
  };

  try {
    if (value === undefined) {
      return options.allowUndefinedRoot === false
        ? { ok: false, path: rootName, reason: 'is undefined, which JSON cannot carry here' }
        : { ok: true };
    }
    walk(value, rootName, 0);
    return { ok: true };
  } catch (error) {
    if (error instanceof Unsafe) return { ok: false, path: error.path, reason: error.reason };
    if (error instanceof RangeError) {
      return { ok: false, path: rootName, reason: 'is nested too deeply to inspect' };
    }
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, path: rootName, reason: `could not be inspected: ${message}` };
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
