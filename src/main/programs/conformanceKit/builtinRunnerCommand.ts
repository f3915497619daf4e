import { quoteShellArgument } from './runnerTarget';
import { defaultRunnerEntryPath } from '../../engine/executors/defaultRunnerEntryPath';

/** The command line (and environment) that starts this app's own runner as `runner.cjs --stdio`. */
export function builtinRunnerCommand(entryPath = defaultRunnerEntryPath()): {
  command: string;
  env: NodeJS.ProcessEnv;
} {
  const command = [process.execPath, entryPath].map(quoteShellArgument).join(' ') + ' --stdio';
  // Under Electron, the executable is Node only with this set.
  const env = process.versions.electron ? { ...process.env, ELECTRON_RUN_AS_NODE: '1' } : process.env;
  return { command, env };
}
