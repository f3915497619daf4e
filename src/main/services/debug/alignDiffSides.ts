import type { DiffSide } from './collectDiffSide';
import { hashText } from './hashJsonValue';

/** Item `i` of a side: its executes first, then its calls, then its done (as the diff lists them). */
export type DiffItem =
  { kind: 'execute'; index: number } | { kind: 'call'; index: number } | { kind: 'done' };

/** Two sides aligned into rows, each row an item index per side (-1: only on the other side). */
export interface DiffAlignment {
  alignedBy: 'callId' | 'order';
  rowCount: number;
  rowLeft: Int32Array;
  rowRight: Int32Array;
  /** 1 where the row's two values are the same. */
  same: Uint8Array;
  differences: number;
  firstDifference?: number;
}

export function itemOf(side: DiffSide, index: number): DiffItem {
  if (index < side.executes.length) return { kind: 'execute', index };
  if (index < side.executes.length + side.calls) return { kind: 'call', index: index - side.executes.length };
  return { kind: 'done' };
}

const EXECUTE = hashText('execute');
const DONE = hashText('done');

/**
 * Pairs two runs' items by key (`execute`, the call's callId, or its number when the runs share no
 * callIds, `done`) as `diffTranscripts` does: the left's items in order, each right-only item after
 * the row of the right item before it. Numbers only: a few bytes per item.
 */
export function alignDiffSides(left: DiffSide, right: DiffSide): DiffAlignment {
  const rightIds = sortedKeys(right.callKey.subarray(0, right.calls), 'first');
  let shared = left.calls + right.calls === 0;
  for (let i = 0; i < left.calls && !shared; i += 1) shared = find(rightIds, left.callKey[i]!) >= 0;
  const alignedBy = shared ? 'callId' : 'order';
  const keys = (side: DiffSide) => {
    const count = side.executes.length + side.calls + (side.done ? 1 : 0);
    const out = new Float64Array(count);
    out.fill(EXECUTE, 0, side.executes.length);
    for (let i = 0; i < side.calls; i += 1)
      out[side.executes.length + i] = alignedBy === 'callId' ? side.callKey[i]! : hashText(`call#${i + 1}`);
    if (side.done) out[count - 1] = DONE;
    return out;
  };
  const values = (side: DiffSide, count: number) => {
    const out = new Float64Array(count);
    side.executes.forEach((execute, i) => (out[i] = execute.hash));
    out.set(side.callValue.subarray(0, side.calls), side.executes.length);
    if (side.done) out[count - 1] = side.done.hash;
    return out;
  };
  const leftKeys = keys(left);
  const rightKeys = keys(right);
  const leftValues = values(left, leftKeys.length);
  const rightValues = values(right, rightKeys.length);
  // As a Map would: a left key names its first row; a right key its last item.
  const leftSorted = sortedKeys(leftKeys, 'first');
  const rightSorted = sortedKeys(rightKeys, 'last');

  // Right-only items, grouped by the left row they follow (slot 0: before every left row).
  const anchorOf = new Int32Array(rightKeys.length);
  const groupSize = new Int32Array(leftKeys.length + 2);
  let anchor = -1;
  for (let j = 0; j < rightKeys.length; j += 1) {
    const inLeft = find(leftSorted, rightKeys[j]!);
    if (inLeft >= 0) {
      anchor = inLeft;
      anchorOf[j] = -2;
      continue;
    }
    anchorOf[j] = anchor;
    groupSize[anchor + 2] = groupSize[anchor + 2]! + 1;
  }
  for (let slot = 1; slot < groupSize.length; slot += 1)
    groupSize[slot] = groupSize[slot]! + groupSize[slot - 1]!;
  const groupStart = groupSize.slice(0, leftKeys.length + 1);
  const grouped = new Int32Array(groupSize[groupSize.length - 1]!);
  const fill = groupStart.slice();
  for (let j = 0; j < rightKeys.length; j += 1)
    if (anchorOf[j]! >= -1) grouped[fill[anchorOf[j]! + 1]!++] = j;

  const rowCount = leftKeys.length + grouped.length;
  const rowLeft = new Int32Array(rowCount);
  const rowRight = new Int32Array(rowCount);
  const same = new Uint8Array(rowCount);
  let row = 0;
  const group = (slot: number) => {
    const end = slot + 1 < groupStart.length ? groupStart[slot + 1]! : grouped.length;
    for (let k = groupStart[slot]!; k < end; k += 1) {
      rowLeft[row] = -1;
      rowRight[row++] = grouped[k]!;
    }
  };
  group(0);
  for (let i = 0; i < leftKeys.length; i += 1) {
    const j = find(rightSorted, leftKeys[i]!);
    rowLeft[row] = i;
    rowRight[row] = j;
    same[row++] = j >= 0 && leftValues[i] === rightValues[j] ? 1 : 0;
    group(i + 1);
  }
  let differences = 0;
  let firstDifference: number | undefined;
  for (let r = 0; r < rowCount; r += 1) {
    if (same[r]) continue;
    differences += 1;
    firstDifference ??= r;
  }
  return {
    alignedBy,
    rowCount,
    rowLeft,
    rowRight,
    same,
    differences,
    ...(firstDifference !== undefined ? { firstDifference } : {}),
  };
}

interface SortedKeys {
  keys: Float64Array;
  /** Where each sorted key is in the original (of equal keys, the one `find` should name comes first). */
  order: Int32Array;
}

function sortedKeys(keys: Float64Array, prefer: 'first' | 'last'): SortedKeys {
  const order = new Int32Array(keys.length);
  for (let i = 0; i < order.length; i += 1) order[i] = i;
  order.sort((a, b) => keys[a]! - keys[b]! || (prefer === 'first' ? a - b : b - a));
  const sorted = new Float64Array(keys.length);
  for (let i = 0; i < order.length; i += 1) sorted[i] = keys[order[i]!]!;
  return { keys: sorted, order };
}

/** The index of `key` in the original keys, or -1. */
function find(sorted: SortedKeys, key: number): number {
  let low = 0;
  let high = sorted.keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted.keys[middle]! < key) low = middle + 1;
    else high = middle;
  }
  return low < sorted.keys.length && sorted.keys[low] === key ? sorted.order[low]! : -1;
}
