import { spawn } from 'node:child_process';
import type { HostToRunnerMessage } from '../../../shared/protocol/messages';
import type { Transport } from '../../../shared/transport';
import { createJsonLinesTransport } from '../../../runner/createJsonLinesTransport';
import { killProcessTree } from '../../system/killProcessTree';

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
  const child = spawn(commandLine, {
    shell: true,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
    env: options.env ?? process.env,
    windowsHide: true,
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => options.onStderr?.(text));
  child.stdin.on('error', () => {});
  const transport = createJsonLinesTransport<HostToRunnerMessage>({
    input: child.stdout,
    output: child.stdin,
    terminate: () => killProcessTree(child),
  });
  child.on('error', (error) => {
    transport.terminate();
    options.onStderr?.(`could not start '${commandLine}': ${error.message}\n`);
  });
  return { ...transport, dispose: () => transport.terminate() };
}
