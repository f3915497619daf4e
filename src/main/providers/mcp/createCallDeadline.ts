import { createPausableDeadline, type PausableDeadline } from '../../engine/executors/createPausableDeadline';

/** One tools/call's deadline: idle time between progress reports, and a total, neither counting held time. */
export interface CallDeadline {
  /** The server reported progress: the idle budget starts over (the total keeps counting). */
  progress(): void;
  /** A person is answering the server's request: nothing counts meanwhile. Calls nest. */
  pause(): void;
  resume(): void;
  dispose(): void;
}

/**
 * As the MCP Inspector's "reset timeout on progress" with a maximum total, but held time (a person
 * answering the server's elicitation or sampling request) is not counted, which the SDK's own
 * request timeout cannot do. `onExpire` fires once, naming the limit reached.
 */
export function createCallDeadline(
  idleMs: number,
  totalMs: number,
  onExpire: (limit: 'idle' | 'total') => void,
): CallDeadline {
  let fired = false;
  let pauses = 0;
  const expire = (limit: 'idle' | 'total') => {
    if (fired) return;
    fired = true;
    onExpire(limit);
  };
  const start = (budget: number, limit: 'idle' | 'total'): PausableDeadline => {
    const deadline = createPausableDeadline(budget, () => expire(limit));
    for (let i = 0; i < pauses; i++) deadline.pause();
    return deadline;
  };
  const total = start(totalMs, 'total');
  let idle = start(idleMs, 'idle');
  return {
    progress() {
      if (fired) return;
      idle.dispose();
      idle = start(idleMs, 'idle');
    },
    pause() {
      pauses += 1;
      idle.pause();
      total.pause();
    },
    resume() {
      if (pauses === 0) return;
      pauses -= 1;
      idle.resume();
      total.resume();
    },
    dispose() {
      idle.dispose();
      total.dispose();
    },
  };
}
