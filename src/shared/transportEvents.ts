import type { Unsubscribe } from './transport';

export interface TransportEvents<Incoming> {
  onMessage(listener: (message: Incoming) => void): Unsubscribe;
  onClose(listener: (reason: string) => void): Unsubscribe;
  onError(listener: (error: Error) => void): Unsubscribe;
  emitMessage(message: Incoming): void;
  /** Only the first close counts; it is replayed to listeners that subscribe later. */
  emitClose(reason: string): void;
  emitError(error: Error): void;
  closedReason(): string | undefined;
}

function subscribe<T>(set: Set<T>, listener: T): Unsubscribe {
  set.add(listener);
  return () => set.delete(listener);
}

/** The listener bookkeeping every Transport implementation shares. */
export function createTransportEvents<Incoming>(): TransportEvents<Incoming> {
  const messageListeners = new Set<(message: Incoming) => void>();
  const closeListeners = new Set<(reason: string) => void>();
  const errorListeners = new Set<(error: Error) => void>();
  let closed: string | undefined;
  return {
    onMessage: (listener) => subscribe(messageListeners, listener),
    onClose(listener) {
      if (closed !== undefined) {
        const reason = closed;
        queueMicrotask(() => listener(reason));
        return () => {};
      }
      return subscribe(closeListeners, listener);
    },
    onError: (listener) => subscribe(errorListeners, listener),
    emitMessage(message) {
      if (closed !== undefined) return;
      for (const listener of [...messageListeners]) listener(message);
    },
    emitClose(reason) {
      if (closed !== undefined) return;
      closed = reason;
      for (const listener of [...closeListeners]) listener(reason);
      closeListeners.clear();
    },
    emitError(error) {
      for (const listener of [...errorListeners]) listener(error);
    },
    closedReason: () => closed,
  };
}
