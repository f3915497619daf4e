import type { ExecutorChoice } from '../../../shared/api/runs';
import type { Executor } from '../../engine/core/types';
import { describeExecutorChoice } from './describeExecutorChoice';

export interface ExecutorCache {
  /** One executor per choice, created on first use, so pooled shells stay warm between runs. */
  get(choice: ExecutorChoice): Promise<Executor>;
  dispose(): Promise<void>;
}

export function createExecutorCache(
  create: (choice: ExecutorChoice) => Executor | Promise<Executor>,
): ExecutorCache {
  const executors = new Map<string, Promise<Executor>>();
  return {
    get(choice) {
      const key = describeExecutorChoice(choice);
      let executor = executors.get(key);
      if (!executor) {
        executor = Promise.resolve().then(() => create(choice));
        executors.set(key, executor);
        // A failed start is not cached: the next run tries again.
        executor.catch(() => executors.delete(key));
      }
      return executor;
    },
    async dispose() {
      const all = [...executors.values()];
      executors.clear();
      await Promise.allSettled(all.map(async (executor) => (await executor).dispose()));
    },
  };
}
