import type { PlaygroundEvent } from '../../shared/api/playgroundApi';

type EntriesEvent = Extract<PlaygroundEvent, { channel: 'runs'; type: 'entries' }>;

export interface EntriesCoalescerOptions {
  /** Calls `flush` soon (the next animation frame); called at most once per flush. */
  schedule(flush: () => void): void;
  /** Past this many entries waiting, they are applied at once rather than when `schedule` says. */
  maxWaiting: number;
}

/**
 * Hands events to `apply`, holding a live run's entry batches until the next frame and merging the
 * batches of one run into one event (the same shape), so a busy run updates the store once per
 * frame whatever the host's batch rate. Any other event first applies the batches held before it,
 * so the order of events is kept.
 */
export function createEntriesCoalescer(
  apply: (event: PlaygroundEvent) => void,
  options: EntriesCoalescerOptions,
): (event: PlaygroundEvent) => void {
  let waiting: EntriesEvent[] = [];
  let waitingEntries = 0;
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    if (waiting.length === 0) return;
    const events = waiting;
    waiting = [];
    waitingEntries = 0;
    let merged = events[0]!;
    for (const event of events.slice(1)) {
      if (event.runId === merged.runId) merged = { ...merged, entries: merged.entries.concat(event.entries) };
      else {
        apply(merged);
        merged = event;
      }
    }
    apply(merged);
  };

  return (event) => {
    if (event.channel === 'runs' && event.type === 'entries') {
      waiting.push(event);
      waitingEntries += event.entries.length;
      if (waitingEntries >= options.maxWaiting) flush();
      else if (!scheduled) {
        scheduled = true;
        options.schedule(flush);
      }
      return;
    }
    flush();
    apply(event);
  };
}
