/** A growing list of byte offsets in one typed array: 8 bytes an offset, no object per entry. */
export interface OffsetList {
  readonly length: number;
  push(offset: number): void;
  at(index: number): number | undefined;
}

export function createOffsetList(initialCapacity = 1024): OffsetList {
  let items = new Float64Array(initialCapacity);
  let length = 0;
  return {
    get length() {
      return length;
    },
    push(offset) {
      if (length === items.length) {
        const wider = new Float64Array(items.length * 2);
        wider.set(items);
        items = wider;
      }
      items[length++] = offset;
    },
    at: (index) => (index >= 0 && index < length ? items[index] : undefined),
  };
}
