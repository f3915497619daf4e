import type { TranscriptEntry } from '../../../shared/transcript';

export interface EntryBatcher {
  add(entry: TranscriptEntry): void;
  /** Sends nothing more until `takePending` (a run's done message waits for its result). */
  hold(): void;
  /** Hands back what was not sent, instead of sending it (a run's last entries go with its result). */
  takePending(): TranscriptEntry[];
}

/** About one animation frame at 30 fps: a run of 10,000 messages becomes a few dozen UI updates. */
export const ENTRY_BATCH_INTERVAL_MS = 33;
/** The longest a live entry waits, however long the run. */
export const MAX_ENTRY_BATCH_INTERVAL_MS = 250;
/** Entries already sent per millisecond of interval: 80,000 sent means a batch every 250 ms. */
const SENT_ENTRIES_PER_INTERVAL_MS = 320;

/**
 * Coalesces transcript entries so a chatty run cannot flood the renderer with one event per message.
 * The interval grows with the entries already sent: each batch makes a client copy the whole run's
 * entries, and at tens of thousands of entries every 33 ms that garbage alone stalled the page.
 */
export function createEntryBatcher(
  send: (entries: TranscriptEntry[]) => void,
  intervalMs = ENTRY_BATCH_INTERVAL_MS,
): EntryBatcher {
  let pending: TranscriptEntry[] = [];
  let sent = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let held = false;
  const stopTimer = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const takePending = () => {
    stopTimer();
    held = false;
    const batch = pending;
    pending = [];
    sent += batch.length;
    return batch;
  };
  const nextInterval = () =>
    Math.max(intervalMs, Math.min(MAX_ENTRY_BATCH_INTERVAL_MS, sent / SENT_ENTRIES_PER_INTERVAL_MS));
  return {
    add(entry) {
      pending.push(entry);
      if (!held) timer ??= setTimeout(() => send(takePending()), nextInterval());
    },
    hold() {
      held = true;
      stopTimer();
    },
    takePending,
  };
}
