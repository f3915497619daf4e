import type { ExecutorChoice } from '../../../shared/api/runs';
import type { Executor } from '../core/types';
import { createCommandExecutor } from './createCommandExecutor';
import { createProcessExecutor, type ShellSpawner } from './createProcessExecutor';
import { createWorkerExecutor } from './createWorkerExecutor';

export interface DefaultExecutorOptions {
  /** Electron passes a utilityProcess spawner; Node uses child_process.fork. */
  spawnShell?: ShellSpawner;
  runnerEntryPath?: string;
  /** The remote executor, when this build has one (network layer). */
  createRemote?(choice: Extract<ExecutorChoice, { kind: 'remote' }>): Executor | Promise<Executor>;
}

/** Maps the workspace's executor choice to a real executor (the host caches one per choice). */
export function createDefaultExecutorFactory(
  options: DefaultExecutorOptions = {},
): (choice: ExecutorChoice) => Executor | Promise<Executor> {
  const entry = options.runnerEntryPath ? { runnerEntryPath: options.runnerEntryPath } : {};
  return (choice) => {
    switch (choice.kind) {
      case 'process':
        return createProcessExecutor({
          mode: choice.mode,
          ...entry,
          ...(options.spawnShell ? { spawnShell: options.spawnShell } : {}),
        });
      case 'worker':
        return createWorkerExecutor({ mode: choice.mode, ...entry });
      case 'command':
        return createCommandExecutor({
          command: choice.command,
          ...(choice.args ? { args: choice.args } : {}),
          ...(choice.cwd ? { cwd: choice.cwd } : {}),
          mode: choice.mode,
        });
      case 'remote':
        if (!options.createRemote) throw new Error('remote runners are not available in this build');
        return options.createRemote(choice);
    }
  };
}
