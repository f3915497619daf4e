import type { ExecutionClock } from '../../engine/core/types';

/** Several calls may be held at once (parallel tool calls): the deadline stops at the first, restarts after the last. */
export function createRefCountedClock(clock: ExecutionClock): ExecutionClock {
  let holds = 0;
  return {
    pause() {
      holds += 1;
      if (holds === 1) clock.pause();
    },
    resume() {
      if (holds === 0) return;
      holds -= 1;
      if (holds === 0) clock.resume();
    },
  };
}
