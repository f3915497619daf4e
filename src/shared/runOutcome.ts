/**
 * Why the host cancelled a run. The wire error code stays `timeout` in every case (the runner
 * specification requires it); this is what the host knows and every view reads.
 */
export type CancelReason = 'user' | 'agent' | 'timeout' | 'host_stopping';

/** `agent`: the MCP client that started the run cancelled it or went away. */
export const CANCEL_REASONS: readonly CancelReason[] = ['user', 'agent', 'timeout', 'host_stopping'];

export function isCancelReason(value: unknown): value is CancelReason {
  return typeof value === 'string' && (CANCEL_REASONS as readonly string[]).includes(value);
}

/** What the host measured about a finished run, beside the runner's own result. */
export interface RunFacts {
  /** Set when the host cancelled the run. */
  cancelReason?: CancelReason;
  /** From the run's start to its result: the time the person waited (process start included). */
  wallMs: number;
  /** The guest's running time as the runner measured it, less the time a person held calls. */
  guestMs: number;
  /** Time tool calls were held by a person (breakpoints, manual answers); never charged to the guest. */
  heldMs: number;
  /** The limits the run had, so a sentence can name them. */
  timeoutMs?: number;
  memoryLimitBytes?: number;
}
