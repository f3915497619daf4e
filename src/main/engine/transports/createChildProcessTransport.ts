import type { ChildProcess } from 'node:child_process';
import { encodeMessage } from '../../../shared/protocol/encodeMessage';
import type { HostToRunnerMessage } from '../../../shared/protocol/messages';
import type { Transport } from '../../../shared/transport';
import { createTransportEvents } from '../../../shared/transportEvents';

/**
 * The host end of a runner in a forked child process (IPC channel); terminate() is SIGKILL. When
 * the child's stdin is a pipe, each cancel is also written there as a JSON line: a runner busy in
 * a guest CPU loop cannot read its IPC channel, but reads that pipe from the guest's interrupt handler.
 */
export function createChildProcessTransport(child: ChildProcess): Transport<HostToRunnerMessage> {
  const events = createTransportEvents<unknown>();
  child.on('message', (message: unknown) => events.emitMessage(message));
  child.on('error', (error: Error) => events.emitError(error));
  // A child that died leaves a broken pipe; its exit is reported, the write error need not be.
  child.stdin?.on('error', () => {});
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
      if (message.type === 'cancel' && child.stdin?.writable)
        child.stdin.write(`${encodeMessage(message)}\n`);
    },
    onMessage: events.onMessage,
    onClose: events.onClose,
    onError: events.onError,
    terminate: kill,
    dispose: kill,
  };
}
