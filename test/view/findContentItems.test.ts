import { describe, expect, it } from 'vitest';
import { findContentItems } from '../../src/shared/view/findContentItems';

const readMarked = (node: Record<string, unknown>, path: string) => (node.marked ? path : undefined);

describe('findContentItems', () => {
  it('finds recognised items in order, with their paths', () => {
    expect(findContentItems({ a: [{ marked: 1 }, { b: { marked: 1 } }] }, readMarked)).toEqual([
      '$.a[0]',
      '$.a[1].b',
    ]);
  });

  it('stops looking in a very wide value instead of walking every row', () => {
    const rows: unknown[] = Array.from({ length: 50_000 }, (_, i) => ({ i }));
    rows[3] = { marked: 1 };
    rows.push({ marked: 1 });
    expect(findContentItems(rows, readMarked)).toEqual(['$[3]']);
  });
});
