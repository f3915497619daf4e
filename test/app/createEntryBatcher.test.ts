import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createEntryBatcher,
  ENTRY_BATCH_INTERVAL_MS,
  MAX_ENTRY_BATCH_INTERVAL_MS,
} from '../../src/main/services/runs/createEntryBatcher';
import type { TranscriptEntry } from '../../src/shared/transcript';

const entry = (seq: number) => ({ seq }) as unknown as TranscriptEntry;

describe('createEntryBatcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends entries in order, one batch per interval, and hands back the rest unsent', () => {
    const batches: TranscriptEntry[][] = [];
    const batcher = createEntryBatcher((entries) => batches.push(entries));
    batcher.add(entry(1));
    batcher.add(entry(2));
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(ENTRY_BATCH_INTERVAL_MS);
    expect(batches).toEqual([[entry(1), entry(2)]]);
    batcher.add(entry(3));
    expect(batcher.takePending()).toEqual([entry(3)]);
    expect(batcher.takePending()).toEqual([]);
    vi.advanceTimersByTime(MAX_ENTRY_BATCH_INTERVAL_MS);
    expect(batches).toEqual([[entry(1), entry(2)]]);
  });

  it('sends nothing from hold() until takePending', () => {
    const batches: TranscriptEntry[][] = [];
    const batcher = createEntryBatcher((entries) => batches.push(entries));
    batcher.add(entry(1));
    batcher.hold();
    batcher.add(entry(2));
    vi.advanceTimersByTime(MAX_ENTRY_BATCH_INTERVAL_MS * 4);
    expect(batches).toEqual([]);
    expect(batcher.takePending()).toEqual([entry(1), entry(2)]);
    batcher.add(entry(3));
    vi.advanceTimersByTime(ENTRY_BATCH_INTERVAL_MS);
    expect(batches).toEqual([[entry(3)]]);
  });

  it('batches less often as the run grows, up to the longest interval', () => {
    const batcher = createEntryBatcher(() => sent++);
    let sent = 0;
    const waitForBatch = (count: number) => {
      for (let i = 0; i < count; i++) batcher.add(entry(i));
      const before = sent;
      let waited = 0;
      while (sent === before) {
        vi.advanceTimersByTime(1);
        waited += 1;
      }
      return waited;
    };
    expect(waitForBatch(1000)).toBe(ENTRY_BATCH_INTERVAL_MS);
    expect(waitForBatch(20_000)).toBe(ENTRY_BATCH_INTERVAL_MS);
    expect(waitForBatch(1)).toBeGreaterThan(ENTRY_BATCH_INTERVAL_MS);
    waitForBatch(200_000);
    expect(waitForBatch(1)).toBe(MAX_ENTRY_BATCH_INTERVAL_MS);
  });
});
