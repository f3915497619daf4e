import type { HostToRunnerMessage } from '../../src/shared/protocol/messages';
import type { Transport } from '../../src/shared/transport';
import { createTransportEvents } from '../../src/shared/transportEvents';

/** A scripted runner: the test sees what the host sent and decides what the "runner" answers. */
export function createFakeRunnerTransport() {
  const events = createTransportEvents<unknown>();
  const sent: HostToRunnerMessage[] = [];
  const waiters: Array<{ type: string; resolve: (m: HostToRunnerMessage) => void }> = [];
  let terminated = 0;
  let disposed = 0;
  const transport: Transport<HostToRunnerMessage> = {
    send(message) {
      sent.push(message);
      for (const waiter of [...waiters]) {
        if (waiter.type === message.type) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    },
    onMessage: events.onMessage,
    onClose: events.onClose,
    onError: events.onError,
    terminate() {
      terminated += 1;
      events.emitClose('terminated');
    },
    dispose() {
      disposed += 1;
    },
  };
  return {
    transport,
    sent,
    /** Resolves with the first message of `type` the host sends from now on (or already sent). */
    next(type: HostToRunnerMessage['type']): Promise<HostToRunnerMessage> {
      const already = sent.find((m) => m.type === type);
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => waiters.push({ type, resolve }));
    },
    reply: (message: unknown) => events.emitMessage(message),
    close: (reason: string) => events.emitClose(reason),
    fail: (error: Error) => events.emitError(error),
    terminated: () => terminated,
    disposed: () => disposed,
  };
}
