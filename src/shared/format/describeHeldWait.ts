import type { RunOrigin } from '../api/runs';
import { describeRunOrigin } from './describeRunOrigin';
import { formatDuration } from './formatDuration';

export interface HeldWaitFacts {
  origin: RunOrigin;
  /** When the held call was paused and when its run started (ms since the epoch). */
  pausedAt: number;
  runStartedAt: number;
  now: number;
  /**
   * The run's own time limit: the app's limit for its runs (held time is not counted against it),
   * the limit a tapped host sent its runner (whose clock goes on while the tap holds a message).
   */
  limitMs?: number;
  /** The origin's name as the pane shows it (with its session where needed). */
  originName?: string;
}

const seconds = (ms: number) => formatDuration(Math.floor(Math.max(0, ms) / 1000) * 1000);

/**
 * How long a held call has waited and the deadline of whoever waits for it, in words: an agent's
 * client timeout when the client sent one, the run's own limit otherwise.
 */
export function describeHeldWait(facts: HeldWaitFacts): { waiting: string; deadline: string } {
  const { origin, now } = facts;
  const waiting = `waiting ${seconds(now - facts.pausedAt)}`;
  const name = facts.originName ?? describeRunOrigin(origin);
  if (origin.kind === 'agent' && origin.timeoutMs !== undefined) {
    const left = facts.runStartedAt + origin.timeoutMs - now;
    return {
      waiting,
      deadline:
        left > 0
          ? `${name} gives up in ${seconds(left + 999)}`
          : `${name}’s ${seconds(origin.timeoutMs)} timeout has passed`,
    };
  }
  if (facts.limitMs === undefined) return { waiting, deadline: 'no time limit known' };
  const limit = seconds(facts.limitMs);
  if (origin.kind === 'tap') {
    const left = facts.runStartedAt + facts.limitMs - now;
    return {
      waiting,
      deadline:
        left > 0
          ? `the runner’s ${limit} limit ends in ${seconds(left + 999)}`
          : `the runner’s ${limit} limit has passed`,
    };
  }
  return { waiting, deadline: `the run’s ${limit} limit does not count held time` };
}
