import { fork, type ChildProcess } from 'node:child_process';
import { TEST_RUNNER_ENTRY } from '../../scripts/buildRunnerForTests';
import { createProcessExecutor } from '../../src/main/engine/executors/createProcessExecutor';
import { createChildProcessTransport } from '../../src/main/engine/transports/createChildProcessTransport';
import { describeExecutorConformance } from './describeExecutorConformance';

for (const mode of ['pooled', 'ephemeral'] as const) {
  describeExecutorConformance(
    `process (${mode})`,
    (limits) => {
      const children = new Set<ChildProcess>();
      return {
        executor: createProcessExecutor({
          ...limits,
          mode,
          maxSize: 3,
          runnerEntryPath: TEST_RUNNER_ENTRY,
          // The ShellSpawner seam the Electron shell uses for utilityProcess; here fork as the default spawner does it, watched.
          spawnShell: (entry) => {
            const child = fork(entry, [], {
              execArgv: [],
              serialization: 'json',
              stdio: ['pipe', 'ignore', 'ignore', 'ipc'],
            });
            children.add(child);
            child.on('exit', () => children.delete(child));
            return createChildProcessTransport(child);
          },
        }),
        killRunners: () => children.forEach((child) => child.kill('SIGKILL')),
      };
    },
    { cases: mode === 'pooled' ? 'all' : 'lifecycle' },
  );
}
