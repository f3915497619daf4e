import type { ToolAnnotations } from '../../../shared/api/providers';
import type { ExecuteError } from '../../../shared/errors';
import type { ExecuteResult } from '../../../shared/executeResult';
import type { MessageDirection, ProtocolMessage, ToolCallMessage } from '../../../shared/protocol/messages';
import type { ExecutorRuntimeOptions } from '../../../shared/runtimeOptions';
import type { CancelReason, FailedCallFacts } from '../../../shared/runOutcome';
import type { HostEvent } from '../../../shared/transcript';

export type JsonSchema = Record<string, unknown> | boolean;

export interface ToolExecutionContext {
  signal: AbortSignal;
  providerName: string;
  safeToolName: string;
  originalToolName: string;
  callId?: string;
  /** Pause it while waiting for a person (a manual answer): held time is not charged to the guest. */
  clock?: ExecutionClock;
  /** Reports the tool's progress (an MCP server's progress notifications) to the run's transcript. */
  onProgress?: (progress: ToolProgress) => void;
  /** Records a host event in the run's transcript (an MCP server's request to the client, its answer). */
  onEvent?: (event: HostEvent) => void;
}

export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** Author-facing tool, keyed by its original name inside a ToolProvider. */
export interface ToolDefinition {
  description?: string;
  inputSchema?: JsonSchema;
  outputSchema?: JsonSchema;
  /** Shapes the typings of a tool without `outputSchema` (a recorded result's shape); never validated. */
  typingOutputSchema?: JsonSchema;
  /** MCP tool annotations (read-only, destructive, …): hints shown in the tool list. */
  annotations?: ToolAnnotations;
  execute(input: unknown, context: ToolExecutionContext): unknown;
}

export interface ToolProvider {
  name: string;
  tools: Record<string, ToolDefinition>;
  /** Caller-supplied declarations; generated from the schemas when absent. */
  types?: string;
}

export interface ToolCallFailure {
  ok: false;
  error: ExecuteError;
  /** The call reached its tool's or provider's own limit (ms): host-only, never sent to the runner. */
  toolLimitMs?: number;
}

export type ToolCallResult = { ok: true; result?: unknown } | ToolCallFailure;

export interface ResolvedTool {
  safeName: string;
  originalName: string;
  description?: string;
  inputSchema?: JsonSchema;
  outputSchema?: JsonSchema;
  typingOutputSchema?: JsonSchema;
  annotations?: ToolAnnotations;
  /** Validates input and output, enforces JSON-serializability and classifies failures. Never throws. */
  call(input: unknown, context: ToolExecutionContext): Promise<ToolCallResult>;
}

export interface ResolvedToolProvider {
  name: string;
  tools: Record<string, ResolvedTool>;
  types: string;
  originalToSafeName: Record<string, string>;
  safeToOriginalName: Record<string, string>;
}

export interface ProtocolObservation {
  direction: MessageDirection;
  message: ProtocolMessage;
  /** performance.now() at the moment the message crossed. */
  at: number;
}

/** The host's execution deadline; a debugger pauses it while it holds a call. */
export interface ExecutionClock {
  pause(): void;
  resume(): void;
}

/**
 * Lets a debugger hold a tool call before dispatch (breakpoints, replay). Calling `dispatch`
 * continues normally; returning an answer without it skips the provider.
 */
export type ToolCallInterceptor = (
  call: ToolCallMessage,
  dispatch: (input: unknown) => Promise<ToolCallResult>,
  context: { signal: AbortSignal; clock: ExecutionClock },
) => Promise<ToolCallResult>;

export interface ExecutionHooks {
  onMessage?(observation: ProtocolObservation): void;
  onHostEvent?(event: HostEvent, at: number): void;
  interceptToolCall?: ToolCallInterceptor;
  /** Once, when the execution settles: what the host alone knows about how it ended. */
  onSettled?(facts: SessionFacts): void;
}

export interface SessionFacts {
  /** Time calls were held by a person, overlapping holds counted once. */
  heldMs: number;
  /** Set when the host cancelled the execution, with the reason it had. */
  cancelReason?: CancelReason;
  /** Set when the runner's error is the very error the host answered this call with. */
  failedCall?: FailedCallFacts;
}

export interface ExecutionOptions extends Partial<ExecutorRuntimeOptions> {
  signal?: AbortSignal;
  hooks?: ExecutionHooks;
}

export interface Executor {
  execute(
    code: string,
    providers: ResolvedToolProvider[],
    options?: ExecutionOptions,
  ): Promise<ExecuteResult>;
  /** Gets a runner ready ahead of the first run (pooled executors), so that run is a warm one. */
  prewarm?(): Promise<void>;
  dispose(): Promise<void>;
}
