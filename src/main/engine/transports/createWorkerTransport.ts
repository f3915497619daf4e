import type { Worker } from 'node:worker_threads';
import type { HostToRunnerMessage } from '../../../shared/protocol/messages';
import type { Transport } from '../../../shared/transport';
import { createTransportEvents } from '../../../shared/transportEvents';

/** The host end of a runner in a worker thread; terminate() stops the thread. */
export function createWorkerTransport(worker: Worker): Transport<HostToRunnerMessage> {
  const events = createTransportEvents<unknown>();
  worker.on('message', (message: unknown) => events.emitMessage(message));
  worker.on('error', (error: Error) => events.emitError(error));
  worker.on('exit', (code: number) => events.emitClose(`the worker exited with code ${code}`));
  return {
    send(message) {
      if (events.closedReason() !== undefined)
        throw new Error(`the worker is gone: ${events.closedReason()}`);
      worker.postMessage(message);
    },
    onMessage: events.onMessage,
    onClose: events.onClose,
    onError: events.onError,
    terminate() {
      void worker.terminate();
    },
    dispose() {
      void worker.terminate();
    },
  };
}
