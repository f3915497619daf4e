type Item<T> = { value: T } | { held: Promise<T | null>; settled: boolean; answer?: T | null };

export interface OrderedQueue<T> {
  /** Sends `value` now, or after the held items ahead of it. */
  send(value: T): void;
  /** Holds a place: what the promise settles with is sent there (null sends nothing). */
  hold(held: Promise<T | null>, ifFailed: T): void;
  /** Whether a held item still waits. */
  holding(): boolean;
}

/**
 * Keeps one direction of a session in order while some of its messages are held: everything after
 * a held message waits for it. `onFlushed` runs each time the queue empties after a hold.
 */
export function createOrderedQueue<T>(write: (value: T) => void, onFlushed: () => void): OrderedQueue<T> {
  const queue: Item<T>[] = [];
  const flush = (): void => {
    while (queue.length > 0) {
      const head = queue[0]!;
      if ('held' in head && !head.settled) return;
      queue.shift();
      if ('value' in head) write(head.value);
      else if (head.answer !== null && head.answer !== undefined) write(head.answer);
    }
    onFlushed();
  };
  return {
    send(value) {
      if (queue.length === 0) write(value);
      else queue.push({ value });
    },
    hold(held, ifFailed) {
      const item: Item<T> = { held, settled: false };
      queue.push(item);
      const settle = (answer: T | null): void => {
        item.settled = true;
        item.answer = answer;
        flush();
      };
      // A hold that fails forwards the message unchanged: the tap never loses one.
      held.then(settle, () => settle(ifFailed));
    },
    holding: () => queue.some((item) => 'held' in item && !item.settled),
  };
}
