import type { HostToRunnerMessage } from '../../../shared/protocol/messages';
import type { Transport } from '../../../shared/transport';
import { spawnStdioRunner } from '../../engine/transports/spawnStdioRunner';

export interface StdioCommandOptions {
  /** Receives the runner's stderr, chunk by chunk. */
  onStderr?: (text: string) => void;
  env?: NodeJS.ProcessEnv;
}

/**
 * Starts a runner from a command line (run by the shell, as the user typed it) that speaks the
 * protocol as JSON lines on stdin/stdout. A hard stop kills its whole process group.
 */
export function spawnStdioCommand(
  commandLine: string,
  options: StdioCommandOptions = {},
): Transport<HostToRunnerMessage> {
  // The kit shows each case's stderr on its own: the close reason need not repeat it.
  return spawnStdioRunner({ command: commandLine, shell: true, quoteStderr: false, ...options });
}
