export interface PausableDeadline {
  /** Stops the clock; calls nest (two held tool calls need two resumes). */
  pause(): void;
  resume(): void;
  /** True once the unpaused time spent exceeds the budget. */
  expired(): boolean;
  dispose(): void;
}

/**
 * A budget of running time that does not count while paused (a debugger holding a tool call).
 * `onExpire` fires once, when the unpaused time reaches `budgetMs`.
 */
export function createPausableDeadline(budgetMs: number, onExpire: () => void): PausableDeadline {
  let spent = 0;
  let runningSince: number | undefined = performance.now();
  let pauses = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let fired = false;
  let disposed = false;

  const spentNow = (): number => spent + (runningSince === undefined ? 0 : performance.now() - runningSince);
  const fire = (): void => {
    timer = undefined;
    if (fired || disposed) return;
    if (spentNow() < budgetMs) return arm();
    fired = true;
    onExpire();
  };
  const arm = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(fire, Math.max(0, budgetMs - spentNow()));
  };
  arm();

  return {
    pause() {
      pauses += 1;
      if (pauses > 1 || runningSince === undefined) return;
      spent += performance.now() - runningSince;
      runningSince = undefined;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
    resume() {
      if (pauses === 0) return;
      pauses -= 1;
      if (pauses > 0 || disposed) return;
      runningSince = performance.now();
      arm();
    },
    expired: () => spentNow() >= budgetMs,
    dispose() {
      disposed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
