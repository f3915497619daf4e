import type { HostEvent, TranscriptEntry } from '../../../shared/transcript';
import type { ProtocolObservation } from './types';

export interface TranscriptRecorder {
  recordMessage(observation: ProtocolObservation): TranscriptEntry;
  /** `at` is a performance.now() reading; omitted means now. */
  recordEvent(event: HostEvent, at?: number): TranscriptEntry;
}

/**
 * Numbers entries in arrival order, stamps them with ms since `startedAt` (a performance.now()) and
 * adds them to `store`.
 */
export function createTranscriptRecorder(
  startedAt: number,
  store: { readonly count: number; add(entry: TranscriptEntry): void },
): TranscriptRecorder {
  const since = (at: number) => Math.max(0, Math.round((at - startedAt) * 100) / 100);
  return {
    recordMessage({ direction, message, at }) {
      const entry: TranscriptEntry = {
        kind: 'message',
        seq: store.count,
        at: since(at),
        direction,
        message,
      };
      store.add(entry);
      return entry;
    },
    recordEvent(event, at = performance.now()) {
      const entry: TranscriptEntry = { kind: 'event', seq: store.count, at: since(at), event };
      store.add(entry);
      return entry;
    },
  };
}
