import { TEST_RUNNER_ENTRY } from '../../scripts/buildRunnerForTests';
import { createCommandExecutor } from '../../src/main/engine/executors/createCommandExecutor';
import type { HostToRunnerMessage } from '../../src/shared/protocol/messages';
import type { Transport } from '../../src/shared/transport';
import { describeExecutorConformance } from './describeExecutorConformance';

// The command executor, with this project's runner as the command: what `{ kind: 'command' }` in a
// workspace and `execbox run --runner "…"` run on, and what a runner in any language plugs into.
for (const mode of ['pooled', 'ephemeral'] as const) {
  describeExecutorConformance(
    `command runner (${mode}: node runner.cjs --stdio)`,
    (limits) => {
      const runners = new Set<Transport<HostToRunnerMessage>>();
      return {
        executor: createCommandExecutor({
          command: process.execPath,
          args: [TEST_RUNNER_ENTRY, '--stdio'],
          mode,
          ...limits,
          maxSize: 3,
          onRunner: (runner) => {
            runners.add(runner);
            runner.onClose(() => runners.delete(runner));
          },
        }),
        killRunners: () => runners.forEach((runner) => runner.terminate()),
      };
    },
    { cases: mode === 'pooled' ? 'all' : 'lifecycle' },
  );
}
