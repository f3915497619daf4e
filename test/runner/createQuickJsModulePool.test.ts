import { describe, expect, it, vi } from 'vitest';
import { createQuickJsModulePool } from '../../src/runner/createQuickJsModulePool';
import { prepareGuestContext } from '../../src/runner/prepareGuestContext';

const MiB = 1024 * 1024;

describe('createQuickJsModulePool', () => {
  it('reuses a module per memory cap and hands each lease a fresh context', async () => {
    const pool = createQuickJsModulePool();
    const first = await pool.acquire(64 * MiB);
    const context = first.takeContext();
    context.dispose();
    first.release(false);
    const second = await pool.acquire(64 * MiB);
    expect(second.bounded).toBe(first.bounded);
    expect(second.takeContext()).not.toBe(context);
    const other = await pool.acquire(32 * MiB);
    expect(other.bounded).not.toBe(first.bounded);
  });

  it('queues one idle tidy for runs that end back to back without yielding, not one per run', async () => {
    const pool = createQuickJsModulePool();
    await pool.prewarm(16 * MiB);
    const immediates = vi.spyOn(globalThis, 'setImmediate');
    try {
      for (let run = 0; run < 5; run++) {
        const lease = await pool.acquire(16 * MiB);
        const context = lease.takeContext();
        lease.release(() => {
          context.dispose();
          return false;
        });
      }
      expect(immediates).toHaveBeenCalledTimes(1);
    } finally {
      immediates.mockRestore();
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(pool.idleCount()).toBe(1);
  });

  it('a disposed context leaves its runtime without the interrupt handler (which holds the session)', async () => {
    const pool = createQuickJsModulePool();
    const lease = await pool.acquire(16 * MiB);
    const prepared = prepareGuestContext(lease.bounded.module);
    prepared.setInterruptHandler(() => false);
    prepared.dispose();
    // quickjs-emscripten's module keeps a disposed runtime reachable until V8's next full GC.
    expect((prepared.runtime as unknown as { interruptHandler?: unknown }).interruptHandler).toBeUndefined();
  });

  it('drops a module after a poisoned release', async () => {
    const pool = createQuickJsModulePool();
    const lease = await pool.acquire(16 * MiB);
    lease.release(true);
    expect(pool.idleCount()).toBe(0);
    expect((await pool.acquire(16 * MiB)).bounded).not.toBe(lease.bounded);
  });

  it('prewarm loads the module an execution then takes, instead of loading a second one', async () => {
    const pool = createQuickJsModulePool();
    const warming = pool.prewarm(64 * MiB);
    const lease = await pool.acquire(64 * MiB);
    await warming;
    expect(pool.idleCount()).toBe(0);
    lease.release(false);
    expect(pool.idleCount()).toBe(1);
  });

  it('caps the heap: the module memory never exceeds the limit plus the fixed overhead', async () => {
    const pool = createQuickJsModulePool();
    const lease = await pool.acquire(16 * MiB);
    const context = lease.takeContext();
    const result = context.context.evalCode(
      'const keep = []; for (;;) keep.push(new Array(100000).fill(1.5))',
    );
    expect(result.error).toBeDefined();
    result.error?.dispose();
    expect(lease.bounded.heapExhausted()).toBe(true);
    expect(lease.bounded.heapBytes()).toBeLessThanOrEqual(lease.bounded.maxPages * 64 * 1024);
    expect(lease.bounded.maxPages * 64 * 1024).toBeLessThanOrEqual(16 * MiB + 4 * MiB);
    lease.release(false);
    expect(pool.idleCount()).toBe(0);
  });
});
