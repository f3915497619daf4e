import type { PausedCall, ResumeAction } from '../../../shared/api/debug';
import { InvalidArgumentError } from '../../../shared/rpc/invalidArgumentError';
import { checkResumeAction } from './checkResumeAction';

export type HoldOutcome = { resumed: true; action: ResumeAction } | { resumed: false };

export interface PausedCallRegistry {
  /** Holds a call until the user resumes it (or the signal aborts: cancel while paused). */
  hold(call: Omit<PausedCall, 'pauseId' | 'pausedAt'>, signal: AbortSignal): Promise<HoldOutcome>;
  /** Validates the (untrusted) action for the held call's phase and releases it. */
  resume(pauseId: unknown, action: unknown): void;
  list(): PausedCall[];
}

export interface PausedCallListener {
  onPaused(paused: PausedCall): void;
  onResumed(pauseId: string, runId: string): void;
}

interface Held {
  paused: PausedCall;
  release(outcome: HoldOutcome): void;
}

export function createPausedCallRegistry(
  listener: PausedCallListener,
  now: () => number = Date.now,
): PausedCallRegistry {
  const held = new Map<string, Held>();
  let nextId = 1;

  return {
    hold(call, signal) {
      const pauseId = `pause-${nextId++}`;
      const paused: PausedCall = { ...call, pauseId, pausedAt: now() };
      return new Promise<HoldOutcome>((resolve) => {
        const release = (outcome: HoldOutcome) => {
          if (!held.delete(pauseId)) return;
          signal.removeEventListener('abort', onAbort);
          listener.onResumed(pauseId, paused.runId);
          resolve(outcome);
        };
        const onAbort = () => release({ resumed: false });
        held.set(pauseId, { paused, release });
        if (signal.aborted) {
          release({ resumed: false });
          return;
        }
        signal.addEventListener('abort', onAbort, { once: true });
        listener.onPaused({ ...paused });
      });
    },
    resume(pauseId, action) {
      if (typeof pauseId !== 'string') throw new InvalidArgumentError('pauseId must be a string');
      const entry = held.get(pauseId);
      if (!entry)
        throw new InvalidArgumentError(
          `no paused call with id ${JSON.stringify(pauseId)} (it may have been cancelled)`,
        );
      entry.release({
        resumed: true,
        action: checkResumeAction(action, entry.paused.phase, entry.paused.tap?.direction),
      });
    },
    list: () => [...held.values()].map((entry) => ({ ...entry.paused })),
  };
}
