import type { HostToRunnerMessage, RunnerToHostMessage } from '../../../shared/protocol/messages';
import type { Transport } from '../../../shared/transport';
import { createTransportEvents } from '../../../shared/transportEvents';

export interface InMemoryTransportPair {
  host: Transport<HostToRunnerMessage>;
  runner: Transport<RunnerToHostMessage>;
}

/**
 * Both ends of a boundary inside one process. Messages are delivered on a microtask (never
 * re-entrantly) and by reference; closing either end closes both.
 */
export function createInMemoryTransportPair(): InMemoryTransportPair {
  const toRunner = createTransportEvents<unknown>();
  const toHost = createTransportEvents<unknown>();
  const close = (reason: string): void => {
    toRunner.emitClose(reason);
    toHost.emitClose(reason);
  };
  const end = <Outgoing>(
    incoming: typeof toRunner,
    outgoing: typeof toRunner,
    name: string,
  ): Transport<Outgoing> => ({
    send(message) {
      if (outgoing.closedReason() !== undefined) throw new Error(`in-memory transport is closed`);
      queueMicrotask(() => outgoing.emitMessage(message));
    },
    onMessage: incoming.onMessage,
    onClose: incoming.onClose,
    onError: incoming.onError,
    terminate: () => close(`${name} terminated the in-memory transport`),
    dispose: () => close(`${name} disposed the in-memory transport`),
  });
  return {
    host: end<HostToRunnerMessage>(toHost, toRunner, 'host'),
    runner: end<RunnerToHostMessage>(toRunner, toHost, 'runner'),
  };
}
