import type { RunOrigin } from '../api/runs';
import type { RunEndRecord } from '../runOutcome';
import { describeRunOrigin } from './describeRunOrigin';
import { describeRunOutcome } from './describeRunOutcome';
import { formatRunTime } from './formatRunTime';

/**
 * One run in any list of runs (Diff picker, Saved, agent runs, replays), always in the same words:
 * "First steps · Claude Code · 2026-11-26 17:54:06 · Cancelled" (what it ran, when known: the
 * snippet, the agent's task, the tap's name). Without an end the run is still going.
 */
export function describeRunListItem(run: {
  name?: string;
  when: string | number;
  origin?: RunOrigin;
  end?: RunEndRecord;
  /** The host no longer knows how it ended (it restarted, or the reference predates outcomes). */
  unknownEnd?: boolean;
}): string {
  const outcome = run.end
    ? describeRunOutcome(run.end.result, run.end.facts, run.origin).title
    : run.unknownEnd
      ? 'outcome not recorded'
      : 'running';
  // A tapped session's name is its origin's: said once.
  const named = run.name && !(run.origin?.kind === 'tap' && run.origin.clientName === run.name);
  const what = named ? `${run.name} · ` : '';
  return `${what}${describeRunOrigin(run.origin)} · ${formatRunTime(run.when)} · ${outcome}`;
}
