import type { ChildProcess } from 'node:child_process';
import type { HostToRunnerMessage } from '../../shared/protocol/messages';
import type { Transport } from '../../shared/transport';
import { createTransportEvents } from '../../shared/transportEvents';

/** The host end of a runner in a forked child process (IPC channel); terminate() is SIGKILL. */
export function createChildProcessTransport(child: ChildProcess): Transport<HostToRunnerMessage> {
  const events = createTransportEvents<unknown>();
  child.on('message', (message: unknown) => events.emitMessage(message));
  child.on('error', (error: Error) => events.emitError(error));
  child.on('exit', (code, signal) =>
    events.emitClose(
      signal ? `the runner process was killed by ${signal}` : `the runner process exited with code ${code}`,
    ),
  );
  const kill = (): void => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  return {
    send(message) {
      if (events.closedReason() !== undefined || !child.connected) {
        throw new Error(`the runner process is gone: ${events.closedReason() ?? 'IPC disconnected'}`);
      }
      child.send(message);
    },
    onMessage: events.onMessage,
    onClose: events.onClose,
    onError: events.onError,
    terminate: kill,
    dispose: kill,
  };
}
