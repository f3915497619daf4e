import { afterAll } from 'vitest';
import { TEST_RUNNER_ENTRY } from '../../scripts/buildRunnerForTests';
import { createRemoteExecutor } from '../../src/main/engine/executors/createRemoteExecutor';
import {
  startRunnerServer,
  type RunnerServerHandle,
} from '../../src/main/programs/runnerServer/startRunnerServer';
import { describeExecutorConformance } from '../conformance/describeExecutorConformance';

let server: RunnerServerHandle | undefined;
afterAll(() => server?.close());

describeExecutorConformance('remote (WebSocket runner)', async (limits) => {
  // One runner server for the suite and the executors it makes with limits.
  server ??= await startRunnerServer({
    token: 'conformance-token',
    maxConnections: 16,
    runnerEntryPath: TEST_RUNNER_ENTRY,
  });
  const runner = server;
  return {
    executor: createRemoteExecutor({ ...limits, url: runner.url, token: 'conformance-token' }),
    killRunners: () => runner.dropConnections(),
  };
});
