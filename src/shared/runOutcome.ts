import type { ExecuteError } from './errors';
import type { RuntimeOptionName } from './runtimeOptions';

/**
 * Why the host cancelled a run (`agent`: the MCP client that started it cancelled it or went away). The wire error code stays `timeout` in every case (the runner
 * specification requires it); this is what the host knows and every view reads.
 */
export type CancelReason = 'user' | 'agent' | 'timeout' | 'host_stopping';

export const CANCEL_REASONS: readonly CancelReason[] = ['user', 'agent', 'timeout', 'host_stopping'];

export function isCancelReason(value: unknown): value is CancelReason {
  return typeof value === 'string' && (CANCEL_REASONS as readonly string[]).includes(value);
}

/**
 * The tool call whose failure ended the run: the runner's error is the very error the host answered
 * this call with (a trusted error keeps its code and message when the guest does not catch it).
 */
export interface FailedCallFacts {
  callId: string;
  providerName: string;
  toolName: string;
  /** The call reached its tool's or provider's own limit (an MCP request timeout), in ms. */
  toolLimitMs?: number;
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
  /** Set when an uncaught tool failure ended the run. */
  failedCall?: FailedCallFacts;
  /** Set when the host refused one of the run's settings before anything ran. */
  refusedOption?: RuntimeOptionName;
}

/** How a run ended, without its value and logs: what lists of runs keep (a saved transcript's reference). */
export type RunEnd =
  { ok: true; durationMs: number } | { ok: false; durationMs: number; error: ExecuteError };

/** A run's end with what the host knew about it: enough for describeRunOutcome. */
export interface RunEndRecord {
  result: RunEnd;
  facts?: Partial<RunFacts>;
}

/** The end of a result, for a list (drops the value and logs). */
export function runEndOf(result: RunEnd): RunEnd {
  return result.ok
    ? { ok: true, durationMs: result.durationMs }
    : {
        ok: false,
        durationMs: result.durationMs,
        error: { ...result.error },
      };
}
