import { useEffect, useMemo, useState } from 'react';
import type { TranscriptEntry } from '../../../shared/transcript';
import { diffTranscripts, type TranscriptDiff } from '../../../shared/transcriptDiff';
import DiffWorker from './diffTranscripts.worker?worker';
import { DIFF_ENTRIES_PER_PART, type DiffWorkerAnswer, type DiffWorkerRequest } from './diffWorkerProtocol';

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
    const onMessage = (event: MessageEvent<DiffWorkerAnswer>) => {
      if (event.data.id === id)
        setAnswer({ key: [left, right, codes.left, codes.right], diff: event.data.diff });
    };
    own.addEventListener('message', onMessage);
    // One part per task: copying both runs to the worker at once held the page up (~0.1 s at 20,000 calls).
    const parts: DiffWorkerRequest[] = [
      ...partsOf(id, 'left', left),
      ...partsOf(id, 'right', right),
      { id, type: 'compare', codes },
    ];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sendNext = () => {
      own.postMessage(parts.shift());
      if (parts.length > 0) timer = setTimeout(sendNext, 0);
    };
    sendNext();
    return () => {
      clearTimeout(timer);
      own.removeEventListener('message', onMessage);
    };
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

function partsOf(
  id: number,
  side: 'left' | 'right',
  entries: readonly TranscriptEntry[],
): DiffWorkerRequest[] {
  const parts: DiffWorkerRequest[] = [];
  for (let start = 0; start < entries.length; start += DIFF_ENTRIES_PER_PART)
    parts.push({ id, type: 'entries', side, entries: entries.slice(start, start + DIFF_ENTRIES_PER_PART) });
  return parts;
}
