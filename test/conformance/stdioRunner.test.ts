import { TEST_RUNNER_ENTRY } from '../../scripts/buildRunnerForTests';
import { createShellExecutor } from '../../src/main/engine/executors/createShellExecutor';
import type { HostToRunnerMessage } from '../../src/shared/protocol/messages';
import type { Transport } from '../../src/shared/transport';
import { spawnStdioRunner } from '../../src/main/engine/transports/spawnStdioRunner';
import { describeExecutorConformance } from './describeExecutorConformance';

describeExecutorConformance('stdio runner (node runner.cjs --stdio)', (limits) => {
  const runners = new Set<Transport<HostToRunnerMessage>>();
  return {
    executor: createShellExecutor(
      () => {
        const transport = spawnStdioRunner({
          command: process.execPath,
          args: [TEST_RUNNER_ENTRY, '--stdio'],
        });
        runners.add(transport);
        transport.onClose(() => runners.delete(transport));
        return transport;
      },
      { ...limits, maxSize: 3 },
    ),
    killRunners: () => runners.forEach((runner) => runner.terminate()),
  };
});
