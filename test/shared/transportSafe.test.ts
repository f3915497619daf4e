import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { checkTransportSafe } from '../../src/shared/transportSafe';

function sparseArray(): unknown[] {
  const array: unknown[] = [1];
  array[2] = 3;
  return array;
}

describe('checkTransportSafe', () => {
  it('accepts the JSON value space', () => {
    for (const value of [
      undefined,
      null,
      'text',
      '',
      true,
      false,
      0,
      -1.5,
      [],
      {},
      [1, 'a', null, { b: [true] }],
      Object.create(null),
    ]) {
      expect(checkTransportSafe(value)).toEqual({ ok: true });
    }
  });

  it('accepts plain values from another realm', () => {
    expect(checkTransportSafe(runInNewContext('({ a: [1, { b: 2 }] })'))).toEqual({ ok: true });
    expect(checkTransportSafe(runInNewContext('new Date()'))).toMatchObject({ ok: false });
  });

  it('treats an undefined property as absent but rejects undefined inside arrays', () => {
    expect(checkTransportSafe({ a: undefined })).toEqual({ ok: true });
    expect(checkTransportSafe([1, undefined])).toEqual({
      ok: false,
      path: 'value[1]',
      reason: 'is undefined, which JSON cannot carry here',
    });
    expect(checkTransportSafe(undefined, { allowUndefinedRoot: false, rootName: 'result' })).toMatchObject({
      ok: false,
      path: 'result',
    });
  });

  it('rejects each unsafe kind with the path to it', () => {
    class Point {
      x = 1;
    }
    const cases: [unknown, string, RegExp][] = [
      [{ n: 10n }, 'value.n', /bigint/],
      [{ f: () => 1 }, 'value.f', /function/],
      [[Symbol('s')], 'value[0]', /symbol/],
      [{ a: { b: Number.NaN } }, 'value.a.b', /NaN, which is not a finite number/],
      [{ list: [1, Infinity] }, 'value.list[1]', /Infinity/],
      [{ when: new Date(0) }, 'value.when', /a Date instance, not a plain object/],
      [{ m: new Map() }, 'value.m', /Map instance/],
      [new Point(), 'value', /a Point instance/],
      [{ 'odd key': new Set() }, 'value["odd key"]', /Set instance/],
      [sparseArray(), 'value[1]', /hole in a sparse array/],
      [{ [Symbol('k')]: 1 }, 'value', /symbol-keyed/],
      [new Uint8Array(2), 'value', /Uint8Array instance/],
    ];
    for (const [value, path, reason] of cases) {
      const check = checkTransportSafe(value);
      expect(check).toMatchObject({ ok: false, path });
      expect(!check.ok && check.reason).toMatch(reason);
    }
  });

  it('rejects cycles but accepts shared references', () => {
    const shared = { x: 1 };
    expect(checkTransportSafe({ a: shared, b: shared })).toEqual({ ok: true });
    const cycle: Record<string, unknown> = {};
    cycle.self = [cycle];
    expect(checkTransportSafe(cycle, { rootName: 'result' })).toEqual({
      ok: false,
      path: 'result.self[0]',
      reason: 'is a cyclic reference',
    });
  });

  it('never invokes getters', () => {
    let called = false;
    const value = Object.defineProperty({}, 'secret', { enumerable: true, get: () => ((called = true), 1) });
    expect(checkTransportSafe(value)).toEqual({
      ok: false,
      path: 'value.secret',
      reason: 'is an accessor property',
    });
    expect(called).toBe(false);
  });

  it('enforces depth and size limits', () => {
    let deep: unknown = 0;
    for (let i = 0; i < 10; i++) deep = { d: deep };
    expect(checkTransportSafe(deep, { maxDepth: 10 })).toEqual({ ok: true });
    expect(checkTransportSafe(deep, { maxDepth: 9 })).toMatchObject({
      ok: false,
      reason: 'is nested deeper than 9 levels',
    });
    // shared references multiply the JSON size: the estimate counts every occurrence
    let bomb: unknown = 'x'.repeat(100);
    for (let i = 0; i < 30; i++) bomb = [bomb, bomb];
    expect(checkTransportSafe(bomb, { maxBytes: 1_000_000 })).toMatchObject({
      ok: false,
      reason: 'is larger than the 1000000-byte limit',
    });
  });
});
