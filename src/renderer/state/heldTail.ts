import type { RunView } from './runView';

/**
 * Entries of a run the page holds at least: its latest ones, enough to follow it live and to derive
 * what only the tail shows (a running call's progress). Older entries stay on the host and are
 * fetched a page at a time by the views that show them.
 */
export const HELD_TAIL = 2_000;

/** How many entries the run has in all (held or not). */
export function runEntryCount(run: Pick<RunView, 'entries' | 'firstIndex'>): number {
  return (run.firstIndex ?? 0) + run.entries.length;
}

/**
 * The run holding at most its last 2 × HELD_TAIL entries: past that it drops all but the last
 * HELD_TAIL, so a batch costs what it holds, whatever the run's length.
 */
export function withHeldTail(run: RunView): RunView {
  if (run.entries.length <= 2 * HELD_TAIL) return run;
  const drop = run.entries.length - HELD_TAIL;
  return { ...run, entries: run.entries.slice(drop), firstIndex: (run.firstIndex ?? 0) + drop };
}
