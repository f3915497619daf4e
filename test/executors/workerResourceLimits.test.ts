import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { TEST_RUNNER_ENTRY } from '../../scripts/buildRunnerForTests';
import { createWorkerExecutor } from '../../src/main/engine/executors/createWorkerExecutor';

describe('createWorkerExecutor workerResourceLimits (the option execbox takes)', () => {
  it('starts each worker with those V8 limits (read while the pooled worker lives)', async () => {
    const workers: Worker[] = [];
    const executor = createWorkerExecutor({
      runnerEntryPath: TEST_RUNNER_ENTRY,
      maxSize: 1,
      workerResourceLimits: { maxOldGenerationSizeMb: 96, stackSizeMb: 8 },
      onWorker: (worker) => workers.push(worker),
    });
    try {
      expect(await executor.execute('40 + 2', [])).toMatchObject({ ok: true, result: 42 });
      expect(workers).toHaveLength(1);
      expect(workers[0]!.resourceLimits).toMatchObject({ maxOldGenerationSizeMb: 96, stackSizeMb: 8 });
    } finally {
      await executor.dispose();
    }
  });
});
