import { spawn } from 'node:child_process';
import type { HostToRunnerMessage } from '../../../shared/protocol/messages';
import type { Transport } from '../../../shared/transport';
import { createJsonLinesTransport } from '../../../runner/createJsonLinesTransport';

export interface StdioRunnerCommand {
  command: string;
  args?: string[];
  /** Receives the runner's stderr (diagnostics), line by line; default: dropped. */
  onStderr?: (text: string) => void;
}

/** Starts any runner that speaks the protocol as JSON lines on stdin/stdout (`execbox runner --stdio`). */
export function spawnStdioRunner({
  command,
  args = [],
  onStderr,
}: StdioRunnerCommand): Transport<HostToRunnerMessage> {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => onStderr?.(text));
  const transport = createJsonLinesTransport<HostToRunnerMessage>({
    input: child.stdout,
    output: child.stdin,
    terminate: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  });
  child.on('error', () => transport.terminate());
  child.stdin.on('error', () => {});
  return {
    ...transport,
    dispose: () => transport.terminate(),
  };
}
