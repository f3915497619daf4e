import type { PlaygroundEvent } from '../api/playgroundApi';

/** Deeper than any event the host sends; a frame nested further is refused, not recursed into. */
const MAX_DEPTH = 256;

/** A malformed part of a frame: what is wrong, and the path to it (built on the way out). */
class FrameError extends Error {
  constructor(
    readonly what: string,
    readonly path: (string | number)[] = [],
  ) {
    super(what);
  }
}

const describePath = (path: (string | number)[]) =>
  path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${part}`)).join('');

/**
 * Unpacks an RpcEventsFrame (already parsed from JSON) into its events, checking every part: throws
 * an Error naming what is wrong and where (`events[2].entries[0].message: …`) on anything malformed.
 */
export function unpackEventsFrame(frame: unknown): PlaygroundEvent[] {
  if (typeof frame !== 'object' || frame === null || Array.isArray(frame))
    throw new Error('events frame: not an object');
  const { shapes, events } = frame as { shapes?: unknown; events?: unknown };
  if (!Array.isArray(shapes)) throw new Error('events frame: shapes is not an array');
  if (!Array.isArray(events)) throw new Error('events frame: events is not an array');
  shapes.forEach((shape: unknown, index) => {
    const where = `events frame: shapes[${index}]`;
    if (!Array.isArray(shape)) throw new Error(`${where} is not an array of keys`);
    const seen = new Set<string>();
    shape.forEach((key: unknown, at) => {
      if (typeof key !== 'string') throw new Error(`${where}[${at}] is not a string`);
      if (seen.has(key)) throw new Error(`${where} has the key ${JSON.stringify(key)} twice`);
      seen.add(key);
    });
  });
  const keyLists = shapes as string[][];

  const child = (value: unknown, depth: number, part: string | number): unknown => {
    try {
      return unpack(value, depth);
    } catch (error) {
      if (error instanceof FrameError) error.path.unshift(part);
      throw error;
    }
  };

  const unpack = (value: unknown, depth: number): unknown => {
    if (value === null || typeof value !== 'object') return value;
    if (!Array.isArray(value))
      throw new FrameError('is an object; a packed value is an array or not an object');
    if (depth > MAX_DEPTH) throw new FrameError(`is nested deeper than ${MAX_DEPTH} levels`);
    const tag: unknown = value[0];
    if (tag === -1) {
      const items = new Array<unknown>(value.length - 1);
      for (let i = 1; i < value.length; i++) items[i - 1] = child(value[i], depth + 1, i - 1);
      return items;
    }
    if (typeof tag !== 'number' || !Number.isInteger(tag) || tag < 0 || tag >= keyLists.length)
      throw new FrameError(
        `starts with ${JSON.stringify(tag) ?? String(tag)}: neither -1 (an array) nor a shape (0 to ${keyLists.length - 1})`,
      );
    const keys = keyLists[tag]!;
    if (value.length !== keys.length + 1)
      throw new FrameError(`has ${value.length - 1} values for shape ${tag}, which has ${keys.length} keys`);
    const object: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const item = child(value[i + 1], depth + 1, key);
      // As JSON.parse does: an own property, even for __proto__.
      if (key === '__proto__')
        Object.defineProperty(object, key, {
          value: item,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      else object[key] = item;
    }
    return object;
  };

  return events.map((event: unknown, index) => {
    try {
      const unpacked = unpack(event, 0);
      if (typeof unpacked !== 'object' || unpacked === null || Array.isArray(unpacked))
        throw new FrameError('is not an object');
      return unpacked as PlaygroundEvent;
    } catch (error) {
      if (!(error instanceof FrameError)) throw error;
      throw new Error(`events frame: events[${index}]${describePath(error.path)} ${error.what}`);
    }
  });
}
