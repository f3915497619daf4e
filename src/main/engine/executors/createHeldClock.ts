import type { ExecutionClock } from '../core/types';

/** An execution clock that also measures how long it was held (paused) in all. */
export interface HeldClock extends ExecutionClock {
  /** Milliseconds spent paused so far, the current hold included. */
  heldMs(): number;
}

/**
 * Wraps `inner` (when given) with a hold counter: overlapping holds (parallel calls held at once)
 * count once, and only the first pause and the last resume reach `inner`.
 */
export function createHeldClock(
  inner?: ExecutionClock,
  now: () => number = () => performance.now(),
): HeldClock {
  let holds = 0;
  let heldSince = 0;
  let held = 0;
  return {
    pause() {
      holds += 1;
      if (holds > 1) return;
      heldSince = now();
      inner?.pause();
    },
    resume() {
      if (holds === 0) return;
      holds -= 1;
      if (holds > 0) return;
      held += now() - heldSince;
      inner?.resume();
    },
    heldMs: () => held + (holds > 0 ? now() - heldSince : 0),
  };
}
