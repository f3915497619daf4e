import type { ExecuteResult } from '../../../shared/executeResult';
import type { RunRequest } from '../../../shared/api/runs';
import type { CancelReason } from '../../../shared/runOutcome';
import type { ExecutorRuntimeOptions } from '../../../shared/runtimeOptions';
import type { HostEvent, TranscriptEntry } from '../../../shared/transcript';
import type { ResolvedToolProvider, ToolCallInterceptor } from '../../engine/core/types';

export interface RunContext {
  runId: string;
  request: RunRequest;
  /** Adds a host event to the run's live transcript. */
  emit(event: HostEvent): void;
}

export interface PreparedRun {
  interceptToolCall?: ToolCallInterceptor;
  runtimeOverrides?: Partial<ExecutorRuntimeOptions>;
  /**
   * The guest's providers for this run instead of the workspace's (a replay against a recording
   * uses stand-ins built from the recording). The first prepared run that gives them wins.
   */
  providers?: ResolvedToolProvider[];
}

/** How the debugging layer (breakpoints, replay) plugs into every run the host starts. */
export interface RunExtension {
  prepareRun(run: RunContext): PreparedRun | undefined;
  finishRun?(runId: string, entries: readonly TranscriptEntry[], result: ExecuteResult): void;
}

/** A run the host started for someone inside it (an agent, a replay), with its own way to cancel. */
export interface LaunchedRun {
  runId: string;
  /** Cancels the run for this reason (an agent's cancel is the agent's, not the person's). */
  cancel(reason: CancelReason): void;
}

/** Host-internal: starts a run with an extra interceptor or providers (replay against a recording). */
export type RunLauncher = (request: RunRequest, extra?: PreparedRun) => Promise<LaunchedRun>;
