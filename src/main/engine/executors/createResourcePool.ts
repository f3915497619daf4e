export interface ResourcePoolOptions<T> {
  create(): Promise<T>;
  destroy(resource: T): void;
  /** A resource that died while idle is dropped instead of handed out. */
  isAlive?(resource: T): boolean;
  minSize?: number;
  maxSize?: number;
  /** Idle resources above minSize are destroyed after this long (default 30 s). */
  idleTimeoutMs?: number;
}

export interface PoolLease<T> {
  resource: T;
  /** Returns the resource for reuse. */
  release(): void;
  /** Destroys the resource (timeouts, transport failures); a queued waiter gets a new one. */
  evict(): void;
}

export interface ResourcePool<T> {
  acquire(signal?: AbortSignal): Promise<PoolLease<T>>;
  /** Fills the pool up to `count` (default minSize) resources, running `warm` on each new one. */
  prewarm(count?: number, warm?: (resource: T) => Promise<boolean>): Promise<void>;
  stats(): { idle: number; busy: number; waiting: number; creating: number };
  dispose(): Promise<void>;
}

export const DEFAULT_MAX_SIZE = 4;

export class PoolDisposedError extends Error {
  override readonly name = 'PoolDisposedError';
  constructor() {
    super('the pool has been disposed');
  }
}

export class PoolAcquireAbortedError extends Error {
  override readonly name = 'PoolAcquireAbortedError';
  constructor() {
    super('waiting for a free runner was aborted');
  }
}

interface Waiter<T> {
  resolve(lease: PoolLease<T>): void;
  reject(error: Error): void;
}

/**
 * A bounded pool of reusable shells: at most maxSize exist; when all are busy, acquire() waits in a
 * FIFO queue; idle ones above minSize are destroyed after idleTimeoutMs.
 */
export function createResourcePool<T>(options: ResourcePoolOptions<T>): ResourcePool<T> {
  const minSize = options.minSize ?? 0;
  const maxSize = Math.max(1, options.maxSize ?? DEFAULT_MAX_SIZE);
  const idleTimeoutMs = options.idleTimeoutMs ?? 30_000;
  const idle: Array<{ resource: T; timer?: ReturnType<typeof setTimeout> }> = [];
  const busy = new Set<T>();
  const waiters: Waiter<T>[] = [];
  let creating = 0;
  let disposed = false;

  /** Prewarm items under way (being created or warmed); `warmingCreated` of them exist already. */
  let readying = 0;
  let warmingCreated = 0;
  const total = (): number => idle.length + busy.size + creating + warmingCreated;
  const alive = (resource: T): boolean => options.isAlive?.(resource) ?? true;
  const destroy = (resource: T): void => {
    try {
      options.destroy(resource);
    } catch {
      // Destroying is best effort.
    }
  };

  const lease = (resource: T): PoolLease<T> => {
    busy.add(resource);
    let done = false;
    return {
      resource,
      release() {
        if (done) return;
        done = true;
        busy.delete(resource);
        if (disposed || !alive(resource)) {
          destroy(resource);
          return serveWaiters();
        }
        const waiter = waiters.shift();
        if (waiter) return waiter.resolve(lease(resource));
        park(resource);
      },
      evict() {
        if (done) return;
        done = true;
        busy.delete(resource);
        destroy(resource);
        serveWaiters();
      },
    };
  };

  const park = (resource: T): void => {
    const entry: { resource: T; timer?: ReturnType<typeof setTimeout> } = { resource };
    entry.timer = setTimeout(() => {
      if (total() <= minSize) return;
      const index = idle.indexOf(entry);
      if (index === -1) return;
      idle.splice(index, 1);
      destroy(resource);
    }, idleTimeoutMs);
    entry.timer.unref?.();
    idle.push(entry);
  };

  const takeIdle = (): T | undefined => {
    while (idle.length > 0) {
      const entry = idle.pop()!;
      if (entry.timer) clearTimeout(entry.timer);
      if (alive(entry.resource)) return entry.resource;
      destroy(entry.resource);
    }
    return undefined;
  };

  /**
   * Creates a resource and hands it to `place` in the same step that stops counting it as being
   * created, so no acquire in between can see a free slot that is not free.
   */
  const createOne = async <R>(place: (resource: T) => R): Promise<R> => {
    creating += 1;
    let resource: T;
    try {
      resource = await options.create();
    } finally {
      creating -= 1;
    }
    return place(resource);
  };

  /** After a slot frees up, start creating for the oldest waiter. */
  const serveWaiters = (): void => {
    if (disposed || waiters.length === 0) return;
    const resource = takeIdle();
    if (resource !== undefined) {
      waiters.shift()!.resolve(lease(resource));
      return;
    }
    if (total() >= maxSize) return;
    const waiter = waiters.shift()!;
    createOne((created) =>
      disposed ? (destroy(created), waiter.reject(new PoolDisposedError())) : waiter.resolve(lease(created)),
    ).catch((error: unknown) => {
      waiter.reject(error instanceof Error ? error : new Error(String(error)));
      serveWaiters();
    });
  };

  return {
    async acquire(signal) {
      if (disposed) throw new PoolDisposedError();
      if (signal?.aborted) throw new PoolAcquireAbortedError();
      const resource = takeIdle();
      if (resource !== undefined) return lease(resource);
      // A resource being prewarmed is ready sooner than a new cold one: wait for it instead.
      if (readying <= waiters.length && total() < maxSize) return createOne(lease);
      return new Promise<PoolLease<T>>((resolve, reject) => {
        const waiter: Waiter<T> = {
          resolve: (value) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(value);
          },
          reject: (error) => {
            signal?.removeEventListener('abort', onAbort);
            reject(error);
          },
        };
        function onAbort(): void {
          const index = waiters.indexOf(waiter);
          if (index !== -1) waiters.splice(index, 1);
          reject(new PoolAcquireAbortedError());
        }
        signal?.addEventListener('abort', onAbort, { once: true });
        waiters.push(waiter);
      });
    },
    async prewarm(count = minSize, warm) {
      const wanted = Math.min(count, maxSize) - total();
      // Each resource goes to a waiter (or the idle list) as soon as it is warm.
      // Counted all along (creating, then warming, then idle or busy): it is handed on in the step
      // that stops counting it as warming.
      const prepareOne = async (): Promise<void> => {
        readying += 1;
        let resource: T;
        try {
          resource = await createOne((created) => {
            warmingCreated += 1;
            return created;
          });
        } catch (error) {
          readying -= 1;
          serveWaiters();
          throw error;
        }
        const healthy = warm ? await warm(resource).catch(() => false) : true;
        warmingCreated -= 1;
        readying -= 1;
        if (!healthy || disposed) {
          destroy(resource);
          serveWaiters();
          return;
        }
        const waiter = waiters.shift();
        if (waiter) waiter.resolve(lease(resource));
        else park(resource);
      };
      await Promise.all(Array.from({ length: Math.max(0, wanted) }, prepareOne));
    },
    stats: () => ({ idle: idle.length, busy: busy.size, waiting: waiters.length, creating }),
    async dispose() {
      disposed = true;
      for (const entry of idle.splice(0)) {
        if (entry.timer) clearTimeout(entry.timer);
        destroy(entry.resource);
      }
      for (const waiter of waiters.splice(0)) waiter.reject(new PoolDisposedError());
    },
  };
}
