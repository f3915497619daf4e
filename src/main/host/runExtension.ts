import type { ExecuteResult } from '../../shared/executeResult';
import type { RunRequest } from '../../shared/api/runs';
import type { ExecutorRuntimeOptions } from '../../shared/runtimeOptions';
import type { HostEvent, TranscriptEntry } from '../../shared/transcript';
import type { ToolCallInterceptor } from '../core/types';

export interface RunContext {
  runId: string;
  request: RunRequest;
  /** Adds a host event to the run's live transcript. */
  emit(event: HostEvent): void;
}

export interface PreparedRun {
  interceptToolCall?: ToolCallInterceptor;
  runtimeOverrides?: Partial<ExecutorRuntimeOptions>;
}

/** How the debugging layer (breakpoints, replay) plugs into every run the host starts. */
export interface RunExtension {
  prepareRun(run: RunContext): PreparedRun | undefined;
  finishRun?(runId: string, entries: readonly TranscriptEntry[], result: ExecuteResult): void;
}

/** Host-internal: starts a run with an extra interceptor (used by replay against a recording). */
export type RunLauncher = (request: RunRequest, extra?: PreparedRun) => Promise<{ runId: string }>;
