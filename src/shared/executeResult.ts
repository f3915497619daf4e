import type { ExecuteError } from './errors';

interface ExecuteResultBase {
  logs: string[];
  durationMs: number;
}

export interface ExecuteSuccess extends ExecuteResultBase {
  ok: true;
  /** Omitted (undefined) when the guest's value was undefined. */
  result?: unknown;
}

export interface ExecuteFailure extends ExecuteResultBase {
  ok: false;
  error: ExecuteError;
}

export type ExecuteResult = ExecuteSuccess | ExecuteFailure;
