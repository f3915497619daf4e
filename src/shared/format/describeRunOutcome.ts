import type { ExecuteResult } from '../executeResult';
import type { RunFacts } from '../runOutcome';
import { describeExecuteError } from './describeExecuteError';
import { formatBytes } from './formatBytes';
import { formatDuration } from './formatDuration';

export type RunOutcomeKind = 'succeeded' | 'cancelled' | 'timed_out' | 'out_of_memory' | 'failed';

export interface RunOutcomeText {
  kind: RunOutcomeKind;
  /** One or two words for a badge: "Succeeded", "Cancelled", "Timed out". */
  title: string;
  /** The whole outcome in one sentence: "Cancelled after 1.02 s". */
  sentence: string;
  /** The sentence without the error code and message, for views that show those apart. */
  headline: string;
  /** Where the time went, when there is more to say than the sentence: "guest 218 ms · held 27.1 s". */
  timing?: string;
}

function timingOf(facts: Partial<RunFacts> | undefined): string | undefined {
  if (!facts || facts.guestMs === undefined) return undefined;
  const parts = [`guest ${formatDuration(facts.guestMs)}`];
  if (facts.heldMs) parts.push(`held ${formatDuration(facts.heldMs)}`);
  return parts.join(' · ');
}

/**
 * The outcome of a run in words, from the runner's result and what the host recorded (`facts`,
 * absent for transcripts saved before the host recorded them). A user's cancel is "Cancelled",
 * never a timeout, although the wire code of both is `timeout`.
 */
export function describeRunOutcome(result: ExecuteResult, facts?: Partial<RunFacts>): RunOutcomeText {
  const wall = facts?.wallMs ?? result.durationMs;
  const timing = timingOf(facts);
  const withTiming = (
    text: Omit<RunOutcomeText, 'timing' | 'headline'> & { headline?: string },
  ): RunOutcomeText => ({ ...text, headline: text.headline ?? text.sentence, ...(timing ? { timing } : {}) });
  if (result.ok)
    return withTiming({
      kind: 'succeeded',
      title: 'Succeeded',
      sentence: `Succeeded in ${formatDuration(wall)}`,
    });
  const { code } = result.error;
  const cancelReason = facts?.cancelReason;
  if (code === 'timeout' && cancelReason !== undefined && cancelReason !== 'timeout') {
    const why = cancelReason === 'host_stopping' ? ' (the host was stopping)' : '';
    const by = cancelReason === 'agent' ? ' by the agent' : '';
    return withTiming({
      kind: 'cancelled',
      title: 'Cancelled',
      sentence: `Cancelled${by} after ${formatDuration(wall)}${why}`,
    });
  }
  if (code === 'timeout') {
    const spent = facts?.guestMs ?? result.durationMs;
    const limit = facts?.timeoutMs !== undefined ? ` (limit ${formatDuration(facts.timeoutMs)})` : '';
    return withTiming({
      kind: 'timed_out',
      title: 'Timed out',
      sentence: `Timed out after ${formatDuration(spent)}${limit}`,
    });
  }
  if (code === 'memory_limit') {
    const limit =
      facts?.memoryLimitBytes !== undefined ? ` (limit ${formatBytes(facts.memoryLimitBytes)})` : '';
    return withTiming({
      kind: 'out_of_memory',
      title: 'Out of memory',
      sentence: `Ran out of memory${limit}`,
    });
  }
  return withTiming({
    kind: 'failed',
    title: 'Failed',
    sentence: `Failed after ${formatDuration(wall)} with ${code}: ${describeExecuteError(result.error)}`,
    headline: `Failed after ${formatDuration(wall)}`,
  });
}
