import { TpmjsError } from './tpmjsErrors';

export interface ConcurrencyLimiter {
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly active: number;
  readonly queued: number;
}

/** Runs at most `maxActive` tasks at once, queues up to `maxQueued` more, and refuses the rest with 503. */
export function createConcurrencyLimiter(maxActive: number, maxQueued: number): ConcurrencyLimiter {
  let active = 0;
  const waiting: (() => void)[] = [];

  async function acquire(): Promise<void> {
    if (active < maxActive) {
      active += 1;
      return;
    }
    if (waiting.length >= maxQueued) {
      const message = `the executor is busy: ${active} executions running and ${waiting.length} queued; retry later`;
      throw new TpmjsError('EXECUTOR_BUSY', message, 503);
    }
    // The releasing task hands its slot straight to the oldest waiter.
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  }

  return {
    async run(task) {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get queued() {
      return waiting.length;
    },
  };
}
