import { useEffect, useMemo, useState } from 'react';
import type { TranscriptEntry } from '../../../shared/transcript';
import { diffTranscripts, type TranscriptDiff } from '../../../shared/transcriptDiff';
import DiffWorker from './diffTranscripts.worker?worker';

export interface DiffRequest {
  id: number;
  left: readonly TranscriptEntry[];
  right: readonly TranscriptEntry[];
  codes: { left?: string; right?: string };
}

/** Runs under this many entries in all are diffed at once: a worker round trip would cost more. */
const SMALL = 2_000;
let worker: Worker | undefined;
let nextId = 1;

/**
 * The diff of two runs, computed in a worker for large runs (null meanwhile), so opening the Diff
 * tab on a 20,000-call run never blocks the page; a newer request's answer replaces an older one.
 */
export function useTranscriptDiff(
  left: readonly TranscriptEntry[] | undefined,
  right: readonly TranscriptEntry[] | undefined,
  codes: { left?: string; right?: string },
): { diff: TranscriptDiff | null; computing: boolean } {
  const small = left !== undefined && right !== undefined && left.length + right.length < SMALL;
  const [answer, setAnswer] = useState<{ key: unknown[]; diff: TranscriptDiff } | null>(null);
  const key = [left, right, codes.left, codes.right];
  const fresh = answer !== null && answer.key.every((part, i) => part === key[i]);
  useEffect(() => {
    if (!left || !right || small) return;
    worker ??= new DiffWorker();
    const id = nextId++;
    const own = worker;
    const onMessage = (event: MessageEvent<{ id: number; diff: TranscriptDiff }>) => {
      if (event.data.id === id)
        setAnswer({ key: [left, right, codes.left, codes.right], diff: event.data.diff });
    };
    own.addEventListener('message', onMessage);
    own.postMessage({ id, left, right, codes } satisfies DiffRequest);
    return () => own.removeEventListener('message', onMessage);
    // The codes are compared by value: a fresh object each render must not start another diff.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [left, right, small, codes.left, codes.right]);
  const now = useMemo(
    () => (left && right && small ? diffTranscripts(left, right, codes) : null),
    // As above: the codes by value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [left, right, small, codes.left, codes.right],
  );
  if (!left || !right) return { diff: null, computing: false };
  if (small) return { diff: now, computing: false };
  return { diff: fresh ? answer.diff : null, computing: !fresh };
}
