import type { TranscriptEntry } from '../../shared/transcript';

export interface EntryBatcher {
  add(entry: TranscriptEntry): void;
  /** Sends whatever is pending now (before a run's `finished` event). */
  flush(): void;
}

/** About one animation frame at 30 fps: a run of 10,000 messages becomes a few dozen UI updates. */
export const ENTRY_BATCH_INTERVAL_MS = 33;

/** Coalesces transcript entries so a chatty run cannot flood the renderer with one event per message. */
export function createEntryBatcher(
  send: (entries: TranscriptEntry[]) => void,
  intervalMs = ENTRY_BATCH_INTERVAL_MS,
): EntryBatcher {
  let pending: TranscriptEntry[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    send(batch);
  };
  return {
    add(entry) {
      pending.push(entry);
      timer ??= setTimeout(flush, intervalMs);
    },
    flush,
  };
}
