import type { DoneMessage } from './messages';

/** The terminal answer to an execute that arrives while another execution is running. */
export function runnerBusyDone(id: string, runningId: string): DoneMessage {
  return {
    type: 'done',
    id,
    ok: false,
    durationMs: 0,
    logs: [],
    error: {
      code: 'internal_error',
      message: `runner is busy with execution ${JSON.stringify(runningId)}; one execution at a time`,
    },
  };
}
