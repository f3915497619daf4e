import type { ExecuteResult } from '../../../shared/executeResult';
import type { RunOrigin, RunRequest, TapDecision, TapHeldMessage } from '../../../shared/api/runs';
import type { ExecutorRuntimeOptions } from '../../../shared/runtimeOptions';
import type { HostEvent } from '../../../shared/transcript';
import type { ResolvedToolProvider, ToolCallInterceptor } from '../../engine/core/types';
import type { TranscriptReader } from './createTranscriptStore';

export interface RunContext {
  runId: string;
  request: RunRequest;
  /** Who started the run (the request's origin, the person's when it names none). */
  origin: RunOrigin;
  /** When it started (ISO). */
  startedAt: string;
  /** Adds a host event to the run's live transcript. */
  emit(event: HostEvent): void;
  /** The run's transcript as it records (readable while the run goes on). */
  transcript: TranscriptReader;
}

export interface PreparedRun {
  interceptToolCall?: ToolCallInterceptor;
  runtimeOverrides?: Partial<ExecutorRuntimeOptions>;
  /**
   * The guest's providers for this run instead of the workspace's (a replay against a recording
   * uses stand-ins built from the recording). The first prepared run that gives them wins.
   */
  providers?: ResolvedToolProvider[];
  /** For a tapped run: whether to hold a message before the tap forwards it (breakpoints). */
  holdTapMessage?(held: TapHeldMessage, signal: AbortSignal): Promise<TapDecision>;
  /** Cancels the run when it aborts, for the reason it aborts with (a CancelReason: `agent`). */
  signal?: AbortSignal;
}

/** How the debugging layer (breakpoints, replay) plugs into every run the host starts. */
export interface RunExtension {
  prepareRun(run: RunContext): PreparedRun | undefined;
  /** The transcript is the runs service's: `retain` it to keep it past the service's own last few runs. */
  finishRun?(runId: string, transcript: TranscriptReader, result: ExecuteResult): void;
}

/** Host-internal: starts a run with an extra interceptor or providers (replay against a recording). */
export type RunLauncher = (request: RunRequest, extra?: PreparedRun) => Promise<{ runId: string }>;
