import type { PlaygroundEvent } from '../../../shared/api/playgroundApi';
import type { RpcEventsFrame } from '../../../shared/rpc/envelope';

/** A node of the shape trie: an object's keys, one at a time, lead to its shape's index. */
interface ShapeNode {
  index?: number;
  next?: Map<string, ShapeNode>;
}

export interface EventsFramePacker {
  /** Packs an event now (so later changes to its objects do not reach the page) for the next frame. */
  add(event: PlaygroundEvent): void;
  /** The frame's JSON text with every event added since the last take, or undefined when there is none. */
  take(): string | undefined;
}

/**
 * Packs events into RpcEventsFrame text: each object's keys are sent once a frame (a 250,000-call run
 * repeats the same few shapes a million times), its values by position. What goes in is what
 * JSON.stringify would send: toJSON is called, undefined, functions and symbols are left out of
 * objects and become null in arrays, as do numbers that are not finite.
 */
export function createEventsFramePacker(): EventsFramePacker {
  let shapes: string[][] = [];
  let root: ShapeNode = {};
  let events: unknown[] = [];

  const shapeOf = (keys: string[]): number => {
    let node = root;
    for (const key of keys) {
      node.next ??= new Map();
      let child = node.next.get(key);
      if (!child) node.next.set(key, (child = {}));
      node = child;
    }
    if (node.index === undefined) {
      node.index = shapes.length;
      shapes.push(keys);
    }
    return node.index;
  };

  const pack = (value: unknown): unknown => {
    if (typeof value === 'number') return Number.isFinite(value) ? value : null;
    if (value === null || typeof value !== 'object') return value;
    if (typeof (value as { toJSON?: unknown }).toJSON === 'function')
      return pack((value as { toJSON(): unknown }).toJSON());
    if (Array.isArray(value)) {
      const out: unknown[] = [-1];
      for (const item of value) out.push(omitted(item) ? null : pack(item));
      return out;
    }
    const keys: string[] = [];
    const out: unknown[] = [0];
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      if (omitted(item)) continue;
      keys.push(key);
      out.push(pack(item));
    }
    out[0] = shapeOf(keys);
    return out;
  };

  return {
    add(event) {
      events.push(pack(event));
    },
    take() {
      if (events.length === 0) return undefined;
      const frame: RpcEventsFrame = { type: 'events', shapes, events };
      shapes = [];
      root = {};
      events = [];
      return JSON.stringify(frame);
    },
  };
}

function omitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}
