import type { ExecuteResult } from '../../../shared/executeResult';
import type { DoneMessage } from '../../../shared/protocol/messages';

/** The executor a tapped run names: the programs ran elsewhere; the app only watched. */
export const TAP_EXECUTOR_NAME = 'tap';

/** A tapped run's result: its last done message's, or a failure saying the session had none. */
export function tapRunResult(done: DoneMessage | undefined): ExecuteResult {
  if (done) {
    const { type: _type, id: _id, ...result } = done;
    return result;
  }
  return {
    ok: false,
    error: { code: 'internal_error', message: 'the tapped session ended without a done message' },
    logs: [],
    durationMs: 0,
  };
}

/** A tapped run the person cancelled in the app: the app stops watching; the programs go on. */
export function tapCancelledResult(): ExecuteResult {
  return {
    ok: false,
    error: {
      code: 'internal_error',
      message: 'stopped watching in the app (the tapped programs were not stopped)',
    },
    logs: [],
    durationMs: 0,
  };
}
