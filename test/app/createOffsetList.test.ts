import { describe, expect, it } from 'vitest';
import { createOffsetList } from '../../src/main/system/createOffsetList';

describe('createOffsetList', () => {
  it('keeps offsets past its first capacity, beyond 32 bits, and answers undefined outside them', () => {
    const list = createOffsetList(2);
    for (let i = 0; i < 100; i += 1) list.push(i * 5_000_000_000);
    expect(list.length).toBe(100);
    expect(list.at(0)).toBe(0);
    expect(list.at(99)).toBe(99 * 5_000_000_000);
    expect(list.at(100)).toBeUndefined();
    expect(list.at(-1)).toBeUndefined();
  });
});
