import type { Worker } from 'node:worker_threads';
import { TEST_RUNNER_ENTRY } from '../../scripts/buildRunnerForTests';
import { createWorkerExecutor } from '../../src/main/engine/executors/createWorkerExecutor';
import { describeExecutorConformance } from './describeExecutorConformance';

for (const mode of ['pooled', 'ephemeral'] as const) {
  describeExecutorConformance(
    `worker (${mode})`,
    (limits) => {
      const workers = new Set<Worker>();
      return {
        executor: createWorkerExecutor({
          ...limits,
          mode,
          maxSize: 3,
          runnerEntryPath: TEST_RUNNER_ENTRY,
          onWorker: (worker) => {
            workers.add(worker);
            worker.on('exit', () => workers.delete(worker));
          },
        }),
        killRunners: () => workers.forEach((worker) => void worker.terminate()),
      };
    },
    { cases: mode === 'pooled' ? 'all' : 'lifecycle' },
  );
}
