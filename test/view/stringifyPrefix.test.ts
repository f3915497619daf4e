import { describe, expect, it } from 'vitest';
import { stringifyPrefix } from '../../src/shared/view/stringifyPrefix';

const samples: unknown[] = [
  { a: 1, b: [1, 'two', null, { c: true }], d: {}, e: [], f: 'quote " and \n newline' },
  [undefined, () => 1, { skip: undefined, keep: 0 }],
  'plain',
  12.5,
  null,
  { date: new Date(0) },
];

describe('stringifyPrefix', () => {
  it('equals JSON.stringify(value, null, 2) when it fits', () => {
    for (const value of samples) {
      expect(stringifyPrefix(value, 10_000)).toEqual({
        text: JSON.stringify(value, null, 2),
        truncated: false,
      });
    }
  });

  it('is a prefix of the full JSON when it does not fit, at every cut', () => {
    const value = samples[0];
    const full = JSON.stringify(value, null, 2);
    for (let max = 0; max < full.length; max++) {
      expect(stringifyPrefix(value, max)).toEqual({ text: full.slice(0, max), truncated: true });
    }
  });

  it('writes only a bounded prefix of a multi-megabyte value', () => {
    const rows = Array.from({ length: 50_000 }, (_, i) => ({ i, name: `row ${i}`, tags: ['a', 'b'] }));
    const prefix = stringifyPrefix(rows, 1000);
    expect(prefix.truncated).toBe(true);
    expect(prefix.text).toBe(JSON.stringify(rows, null, 2).slice(0, 1000));
    const huge = stringifyPrefix({ s: 'y'.repeat(5_000_000) }, 100);
    expect(huge.text).toHaveLength(100);
    expect(huge.truncated).toBe(true);
  });
});
