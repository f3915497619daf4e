import type { TranscriptEntry } from '../../../shared/transcript';

/** Where the entries of each call are, kept as a 32-bit hash of its id per entry (4 bytes an entry). */
export interface CallIdIndex {
  /** Records entry `index` (entries are added in order, from 0). */
  add(index: number, entry: TranscriptEntry): void;
  /**
   * Entry numbers below `count` that may belong to call `callId` (case aside), in order: every
   * entry that does, and rarely one whose id only shares its hash.
   */
  entriesOf(callId: string, count: number): number[];
}

const NO_CALL = 0;

/** FNV-1a over the id's UTF-16 code units, never 0 (0 marks an entry without a call). */
export function hashCallId(callId: string): number {
  let hash = 0x811c9dc5;
  const lower = callId.toLowerCase();
  for (let i = 0; i < lower.length; i++) {
    hash ^= lower.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0 || 1;
}

function callIdOf(entry: TranscriptEntry): unknown {
  return entry.kind === 'message'
    ? (entry.message as { callId?: unknown }).callId
    : (entry.event as { callId?: unknown }).callId;
}

/**
 * Indexes a transcript by call id while it records, so finding one call among a million entries
 * reads the chunks that hold it instead of the whole run.
 */
export function createCallIdIndex(): CallIdIndex {
  let hashes = new Uint32Array(1024);
  return {
    add(index, entry) {
      if (index >= hashes.length) {
        const grown = new Uint32Array(Math.max(hashes.length * 2, index + 1));
        grown.set(hashes);
        hashes = grown;
      }
      const callId = callIdOf(entry);
      hashes[index] = typeof callId === 'string' ? hashCallId(callId) : NO_CALL;
    },
    entriesOf(callId, count) {
      const wanted = hashCallId(callId);
      const found: number[] = [];
      const end = Math.min(count, hashes.length);
      for (let index = 0; index < end; index++) if (hashes[index] === wanted) found.push(index);
      return found;
    },
  };
}
