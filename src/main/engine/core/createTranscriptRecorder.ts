import type { HostEvent, TranscriptEntry } from '../../../shared/transcript';
import type { ProtocolObservation } from './types';

export interface TranscriptRecorder {
  readonly entries: readonly TranscriptEntry[];
  recordMessage(observation: ProtocolObservation): TranscriptEntry;
  /** `at` is a performance.now() reading; omitted means now. */
  recordEvent(event: HostEvent, at?: number): TranscriptEntry;
}

/** Numbers entries in arrival order and stamps them with ms since `startedAt` (a performance.now()). */
export function createTranscriptRecorder(startedAt: number): TranscriptRecorder {
  const entries: TranscriptEntry[] = [];
  const since = (at: number) => Math.max(0, Math.round((at - startedAt) * 100) / 100);
  return {
    entries,
    recordMessage({ direction, message, at }) {
      const entry: TranscriptEntry = {
        kind: 'message',
        seq: entries.length,
        at: since(at),
        direction,
        message,
      };
      entries.push(entry);
      return entry;
    },
    recordEvent(event, at = performance.now()) {
      const entry: TranscriptEntry = { kind: 'event', seq: entries.length, at: since(at), event };
      entries.push(entry);
      return entry;
    },
  };
}
