import { describe, expect, it } from 'vitest';
import {
  createResourcePool,
  PoolAcquireAbortedError,
  PoolDisposedError,
} from '../../src/main/engine/executors/createResourcePool';

function counterPool(options: { maxSize?: number; minSize?: number; idleTimeoutMs?: number } = {}) {
  let next = 0;
  const destroyed: number[] = [];
  const dead = new Set<number>();
  const pool = createResourcePool<number>({
    create: async () => ++next,
    destroy: (resource) => destroyed.push(resource),
    isAlive: (resource) => !dead.has(resource),
    ...options,
  });
  return { pool, destroyed, dead };
}

describe('createResourcePool', () => {
  it('reuses a released resource', async () => {
    const { pool } = counterPool();
    const first = await pool.acquire();
    first.release();
    expect((await pool.acquire()).resource).toBe(first.resource);
  });

  it('never exceeds maxSize and serves waiters first come, first served', async () => {
    const { pool } = counterPool({ maxSize: 1 });
    const held = await pool.acquire();
    const order: string[] = [];
    const a = pool.acquire().then((lease) => (order.push('a'), lease));
    const b = pool.acquire().then((lease) => (order.push('b'), lease));
    expect(pool.stats()).toMatchObject({ busy: 1, waiting: 2 });
    held.release();
    (await a).release();
    (await b).release();
    expect(order).toEqual(['a', 'b']);
  });

  it('evicting destroys the resource and creates a replacement for a waiter', async () => {
    const { pool, destroyed } = counterPool({ maxSize: 1 });
    const held = await pool.acquire();
    const waiting = pool.acquire();
    held.evict();
    expect(destroyed).toEqual([held.resource]);
    expect((await waiting).resource).not.toBe(held.resource);
  });

  it('drops a resource that died while idle', async () => {
    const { pool, dead, destroyed } = counterPool();
    const lease = await pool.acquire();
    lease.release();
    dead.add(lease.resource);
    const next = await pool.acquire();
    expect(next.resource).not.toBe(lease.resource);
    expect(destroyed).toContain(lease.resource);
  });

  it('evicts idle resources above minSize after the idle timeout', async () => {
    const { pool, destroyed } = counterPool({ minSize: 1, idleTimeoutMs: 20 });
    const a = await pool.acquire();
    const b = await pool.acquire();
    a.release();
    b.release();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(destroyed).toHaveLength(1);
    expect(pool.stats().idle).toBe(1);
  });

  it('prewarm creates and warms resources up to the count', async () => {
    const { pool } = counterPool({ maxSize: 4 });
    const warmed: number[] = [];
    await pool.prewarm(3, async (resource) => {
      warmed.push(resource);
      return true;
    });
    expect(warmed).toHaveLength(3);
    expect(pool.stats().idle).toBe(3);
  });

  describe('an acquire while a resource is being prewarmed', () => {
    /** A pool whose warm-up waits until the test lets it finish with `healthy`. */
    function warmingPool(maxSize: number) {
      const made = counterPool({ maxSize });
      let finish!: (healthy: boolean) => void;
      const warming = made.pool.prewarm(1, () => new Promise<boolean>((resolve) => (finish = resolve)));
      return { ...made, warming, finish: (healthy: boolean) => finish(healthy) };
    }
    const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

    it('waits for that resource instead of starting a cold one', async () => {
      const { pool, warming, finish } = warmingPool(4);
      await flush();
      const acquired = pool.acquire();
      await flush();
      expect(pool.stats()).toMatchObject({ waiting: 1, idle: 0, busy: 0 });
      finish(true);
      await warming;
      expect((await acquired).resource).toBe(1);
      expect(pool.stats()).toMatchObject({ busy: 1, idle: 0 });
    });

    it('counts it against maxSize', async () => {
      const { pool, warming, finish } = warmingPool(1);
      await flush();
      const acquired = pool.acquire();
      await flush();
      finish(true);
      await warming;
      expect((await acquired).resource).toBe(1);
    });

    it('gets a new resource when the warm-up fails', async () => {
      const { pool, warming, finish, destroyed } = warmingPool(1);
      await flush();
      const acquired = pool.acquire();
      await flush();
      finish(false);
      await warming;
      expect(destroyed).toEqual([1]);
      expect((await acquired).resource).toBe(2);
    });

    it('counts it against maxSize at every step, even between being created and being warmed', async () => {
      // An acquire may come at any point after prewarm starts; each of these points once left the
      // new resource counted nowhere, and a fifth one was made past maxSize.
      for (let steps = 0; steps < 8; steps++) {
        const { pool } = counterPool({ maxSize: 2 });
        let created = 0;
        const warming = pool.prewarm(2, async () => {
          created += 1;
          return true;
        });
        for (let step = 0; step < steps; step++) await Promise.resolve();
        const leases = await Promise.all(
          [1, 2, 3, 4].map(() => pool.acquire().then((lease) => (lease.release(), lease.resource))),
        );
        await warming;
        expect({ steps, most: Math.max(...leases), created }).toEqual({ steps, most: 2, created: 2 });
      }
    });

    it('a second acquire does not wait for the one being warmed for the first', async () => {
      const { pool, finish } = warmingPool(4);
      await flush();
      const first = pool.acquire();
      const second = await pool.acquire();
      expect(second.resource).toBe(2);
      finish(true);
      expect((await first).resource).toBe(1);
    });
  });

  it('a waiter whose signal aborts leaves the queue', async () => {
    const { pool } = counterPool({ maxSize: 1 });
    await pool.acquire();
    const controller = new AbortController();
    const waiting = pool.acquire(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(PoolAcquireAbortedError);
    expect(pool.stats().waiting).toBe(0);
  });

  it('dispose destroys idle resources and rejects waiters; later releases destroy', async () => {
    const { pool, destroyed } = counterPool({ maxSize: 2 });
    const idle = await pool.acquire();
    const busy = await pool.acquire();
    idle.release();
    await pool.acquire().then((lease) => lease.release());
    const blocker = await pool.acquire();
    const waiting = pool.acquire();
    await pool.dispose();
    await expect(waiting).rejects.toBeInstanceOf(PoolDisposedError);
    busy.release();
    blocker.release();
    expect(destroyed.sort()).toEqual([busy.resource, blocker.resource].sort());
    await expect(pool.acquire()).rejects.toBeInstanceOf(PoolDisposedError);
  });
});
