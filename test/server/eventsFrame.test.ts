import { describe, expect, it } from 'vitest';
import { createEventsFramePacker } from '../../src/main/faces/browserServer/createEventsFramePacker';
import { unpackEventsFrame } from '../../src/shared/rpc/unpackEventsFrame';
import type { PlaygroundEvent } from '../../src/shared/api/playgroundApi';
import { toolCallEntry } from '../support/toolCallEntry';

const entriesEvent = (from: number, count: number) =>
  ({
    channel: 'runs',
    type: 'entries',
    runId: 'run-1',
    entries: Array.from({ length: count }, (_, i) => toolCallEntry(from + i)),
  }) as unknown as PlaygroundEvent;

/** Packs events into one frame and unpacks it as the page does (from its JSON text). */
const roundTrip = (events: unknown[]) => {
  const packer = createEventsFramePacker();
  for (const event of events) packer.add(event as PlaygroundEvent);
  const text = packer.take()!;
  return { text, events: unpackEventsFrame(JSON.parse(text)) };
};

const unpackError = (frame: unknown) => {
  try {
    unpackEventsFrame(frame);
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
};

describe('events frames between serve and the page', () => {
  it('carry what JSON would, in order, with each shape once', () => {
    const odd = {
      channel: 'runs',
      type: 'odd',
      nested: [[1, [2, { a: null }]], [], {}],
      skipped: undefined,
      fn: () => 1,
      list: [undefined, () => 1, Number.NaN, Infinity, -0, 'é\ud800', true],
      when: new Date(0),
      ['__proto__']: { polluted: true },
      '': 'empty key',
    };
    Object.defineProperty(odd, '__proto__', { value: { polluted: true }, enumerable: true });
    const events = [entriesEvent(0, 3), odd, entriesEvent(3, 2)];
    const { text, events: unpacked } = roundTrip(events);
    expect(unpacked).toEqual(JSON.parse(JSON.stringify(events)));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(unpacked[1])).toBe(Object.prototype);
    expect(text.match(/"providerName"/g)).toHaveLength(1);
  });

  it('are a fraction of the JSON of the same events', () => {
    const events = [entriesEvent(0, 1000)];
    expect(roundTrip(events).text.length).toBeLessThan(JSON.stringify(events).length / 2);
  });

  it('keep what an event held when it was added, and start afresh after each take', () => {
    const packer = createEventsFramePacker();
    const event = entriesEvent(0, 1) as unknown as { entries: { seq: number }[] };
    packer.add(event as unknown as PlaygroundEvent);
    event.entries[0]!.seq = 99;
    expect(unpackEventsFrame(JSON.parse(packer.take()!))).toEqual([
      JSON.parse(JSON.stringify(entriesEvent(0, 1))),
    ]);
    expect(packer.take()).toBeUndefined();
    packer.add({ channel: 'runs', other: 1 } as unknown as PlaygroundEvent);
    expect(JSON.parse(packer.take()!).shapes).toEqual([['channel', 'other']]);
  });

  it('are refused when malformed, saying what and where', () => {
    const good = { type: 'events', shapes: [['channel', 'list']], events: [[0, 'runs', [-1, 1, 2]]] };
    expect(unpackEventsFrame(good)).toEqual([{ channel: 'runs', list: [1, 2] }]);
    const cases: [unknown, string][] = [
      [null, 'events frame: not an object'],
      [[], 'events frame: not an object'],
      [{ ...good, shapes: {} }, 'events frame: shapes is not an array'],
      [{ ...good, events: 'x' }, 'events frame: events is not an array'],
      [{ ...good, shapes: ['channel'] }, 'events frame: shapes[0] is not an array of keys'],
      [{ ...good, shapes: [['channel', 7]] }, 'events frame: shapes[0][1] is not a string'],
      [{ ...good, shapes: [['a', 'a']] }, 'events frame: shapes[0] has the key "a" twice'],
      [
        { ...good, events: [[1, 'runs', [-1]]] },
        'events frame: events[0] starts with 1: neither -1 (an array) nor a shape (0 to 0)',
      ],
      [{ ...good, events: [[0.5, 'runs', [-1]]] }, 'events frame: events[0] starts with 0.5'],
      [{ ...good, events: [['0', 'runs', [-1]]] }, 'events frame: events[0] starts with "0"'],
      [{ ...good, events: [[]] }, 'events frame: events[0] starts with undefined'],
      [
        { ...good, events: [[0, 'runs']] },
        'events frame: events[0] has 1 values for shape 0, which has 2 keys',
      ],
      [
        { ...good, events: [[0, 'runs', [-1, 1, [0, 'x']]]] },
        'events frame: events[0].list[1] has 1 values for shape 0',
      ],
      [{ ...good, events: [[0, 'runs', [-1, { a: 1 }]]] }, 'events frame: events[0].list[0] is an object'],
      [{ ...good, events: ['text'] }, 'events frame: events[0] is not an object'],
      [{ ...good, events: [[-1, 1]] }, 'events frame: events[0] is not an object'],
    ];
    for (const [frame, message] of cases) expect(unpackError(frame)).toContain(message);
  });

  it('are refused when nested past the limit, without exhausting the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [-1, deep];
    const message = unpackError({ type: 'events', shapes: [['x']], events: [[0, deep]] });
    expect(message).toMatch(/^events frame: events\[0\]\.x(\[0\])+ is nested deeper than 256 levels$/);
  });
});
