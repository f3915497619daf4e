import { describe, expect, it } from 'vitest';
import {
  createResourcePool,
  PoolAcquireAbortedError,
  PoolDisposedError,
} from '../../src/main/executors/createResourcePool';

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
