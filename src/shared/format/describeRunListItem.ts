import type { RunOrigin } from '../api/runs';
import type { RunEndRecord } from '../runOutcome';
import { describeRunOrigin } from './describeRunOrigin';
import { describeRunOutcome } from './describeRunOutcome';
import { formatRunTime } from './formatRunTime';

/**
 * One run in any list of runs (Diff picker, Saved, agent runs, replays), always in the same words:
 * "2026-11-26 17:54:06 · agent Claude Code · Cancelled". Without an end the run is still going.
 */
export function describeRunListItem(run: {
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
  return `${formatRunTime(run.when)} · ${describeRunOrigin(run.origin)} · ${outcome}`;
}
