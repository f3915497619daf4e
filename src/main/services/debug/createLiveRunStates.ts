/**
 * What is kept per run still going between requests, for at most `limit` runs (the least recently
 * asked let go). Work on one run's state runs one request after the other: two must not feed it at once.
 */
export interface LiveRunStates<S> {
  use<T>(runId: string, work: (state: S) => Promise<T>): Promise<T>;
  /** Lets go of a run's state (it finished, or is gone). */
  drop(runId: string): void;
  /** Lets go of `state` if it is still the run's: work left it unusable. */
  forget(runId: string, state: S): void;
}

export function createLiveRunStates<S>(limit: number, make: () => S): LiveRunStates<S> {
  const runs = new Map<string, { state: S; queue: Promise<unknown> }>();
  return {
    use(runId, work) {
      const run = runs.get(runId) ?? { state: make(), queue: Promise.resolve() };
      runs.delete(runId);
      runs.set(runId, run);
      for (const oldest of runs.keys()) if (runs.size > limit) runs.delete(oldest);
      const done = run.queue.then(() => work(run.state));
      run.queue = done.catch(() => undefined);
      return done;
    },
    drop: (runId) => void runs.delete(runId),
    forget(runId, state) {
      if (runs.get(runId)?.state === state) runs.delete(runId);
    },
  };
}
