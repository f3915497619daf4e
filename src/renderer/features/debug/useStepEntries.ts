import { useEffect, useMemo, useState } from 'react';
import type { TranscriptEntry } from '../../../shared/transcript';
import type { TranscriptHost } from '../../state/transcriptHost';
import type { ViewedTranscript } from '../../state/viewedTranscript';

/** Entries before a step that the step-through reads for the state there (when the page lacks the rest). */
export const STEP_WINDOW = 1_000;
/** The run's first entries (its execute and started among them), read for its code and phase. */
const HEAD = 16;

export interface StepEntries {
  /** Entries for transcriptStateAt: the whole transcript, or the run's head then the window up to the step. */
  entries: readonly TranscriptEntry[];
  /** Where the step is in `entries` (-1: before the run). */
  at: number;
  /** Entries in the transcript in all. */
  total: number;
  /** The state is judged from the last STEP_WINDOW entries only (the calls before them are left out). */
  windowed: boolean;
  /** The entries before the step are on their way from the host. */
  loading: boolean;
  /** Entries the page holds for the step-through (fetched; the held tail apart). */
  held: number;
}

interface Fetched {
  host: TranscriptHost;
  from: number;
  entries: TranscriptEntry[];
}

/**
 * What the step-through needs at `index`: a transcript the page holds whole as it is; a long run or
 * opened file (the page holds its tail; `host` reads the rest) as its first entries and the
 * STEP_WINDOW entries up to the step, those before the tail fetched from the host around the step,
 * so stepping anywhere in a million-entry run holds a few thousand entries and computes the state
 * from as many.
 */
export function useStepEntries(
  source: ViewedTranscript | null,
  host: TranscriptHost | undefined,
  index: number,
): StepEntries {
  const tail = source?.entries ?? NO_ENTRIES;
  const firstIndex = source?.firstIndex ?? 0;
  const total = firstIndex + tail.length;
  const paged = firstIndex > 0 ? host : undefined;
  const [head, setHead] = useState<{ host: TranscriptHost; entries: TranscriptEntry[] } | null>(null);
  const [fetched, setFetched] = useState<Fetched | null>(null);
  // Near the start the window reaches back to the first entry, which then needs no head apart.
  const start = index - STEP_WINDOW + 1 <= HEAD ? 0 : index - STEP_WINDOW + 1;
  const mine = fetched?.host === paged ? fetched : null;
  // Before the first step there is nothing to read.
  const covered =
    paged === undefined ||
    index < 0 ||
    start >= firstIndex ||
    (mine !== null &&
      mine.from <= start &&
      mine.from + mine.entries.length >= Math.min(index + 1, firstIndex));

  useEffect(() => {
    if (paged === undefined || head?.host === paged) return;
    let stale = false;
    paged.entries(0, HEAD).then(
      // Only what says how the run began: a call among them would show as pending ever after.
      (entries) =>
        !stale &&
        setHead({
          host: paged,
          entries: entries.filter(
            (entry) =>
              entry.kind === 'message' &&
              (entry.message.type === 'execute' || entry.message.type === 'started'),
          ),
        }),
      () => {},
    );
    return () => {
      stale = true;
    };
  }, [paged, head?.host]);

  useEffect(() => {
    if (covered || paged === undefined) return;
    let stale = false;
    // Room on both sides, so stepping on or back does not fetch at every step.
    const from = Math.max(0, index - STEP_WINDOW - STEP_WINDOW / 2);
    paged.entries(from, 2 * STEP_WINDOW).then(
      (entries) => !stale && setFetched({ host: paged, from, entries }),
      () => {},
    );
    return () => {
      stale = true;
    };
  }, [paged, covered, index]);

  return useMemo(() => {
    if (paged === undefined)
      return { entries: tail, at: index, total, windowed: false, loading: false, held: 0 };
    const held = (mine?.entries.length ?? 0) + (head?.host === paged ? head.entries.length : 0);
    if (!covered) return { entries: NO_ENTRIES, at: -1, total, windowed: true, loading: true, held };
    const window: TranscriptEntry[] = [];
    for (let i = start; i <= index; i++) {
      const entry = i >= firstIndex ? tail[i - firstIndex] : mine?.entries[i - mine.from];
      if (entry) window.push(entry);
    }
    const before = start > 0 && head?.host === paged ? head.entries : [];
    return {
      entries: before.length ? before.concat(window) : window,
      at: before.length + window.length - 1,
      total,
      windowed: start > 0,
      loading: false,
      held,
    };
  }, [paged, tail, index, total, mine, head, covered, start, firstIndex]);
}

const NO_ENTRIES: TranscriptEntry[] = [];
