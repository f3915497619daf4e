import type { Unsubscribe } from '../../../shared/transport';

export interface EventBus<T> {
  emit(event: T): void;
  subscribe(listener: (event: T) => void): Unsubscribe;
}

/** Fan-out to every listener; one listener throwing never stops the others. */
export function createEventBus<T>(onListenerError?: (error: unknown) => void): EventBus<T> {
  const listeners = new Set<(event: T) => void>();
  return {
    emit(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          onListenerError?.(error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
