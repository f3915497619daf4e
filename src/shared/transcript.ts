import type { ExecuteErrorCode } from './errors';
import type { ConsoleLine, DroppedLogs } from './protocol/logStreamMessage';
import type { CancelReason, FailedCallFacts } from './runOutcome';
import type { RuntimeOptionName } from './runtimeOptions';
import type { MessageDirection, ProtocolMessage } from './protocol/messages';
import type { ParseProblem } from './protocol/parseMessage';
import type { RunnerRef } from './runnerRef';

/** Host-side happenings that are not protocol messages but belong in the run's story. */
export type HostEvent =
  | {
      type: 'run_started';
      runId: string;
      executor: string;
      /** A runner not of this app. */ runner?: RunnerRef;
    }
  /**
   * The host enforces the run's time limit itself (the debugger may hold calls, and held time is not
   * counted), so the execute message carries only the runner's ceiling, `runnerTimeoutMs`.
   */
  | { type: 'host_deadline'; timeoutMs: number; runnerTimeoutMs: number }
  | { type: 'tool_dispatch_started'; callId: string; providerName: string; toolName: string }
  | {
      type: 'tool_dispatch_finished';
      callId: string;
      ok: boolean;
      errorCode?: ExecuteErrorCode;
      /** The provider's own time; time a person held the call is in `heldMs`, not here. */
      durationMs: number;
      heldMs?: number;
      /** The call reached its tool's or provider's own limit (an MCP request timeout), in ms. */
      toolLimitMs?: number;
    }
  | {
      type: 'breakpoint_hit';
      callId: string;
      providerName: string;
      toolName: string;
      input?: unknown;
      /** `call`: held before dispatch (the default); `result`: the provider's answer held before it is sent. */
      phase?: 'call' | 'result';
    }
  | { type: 'breakpoint_resumed'; callId: string; action: BreakpointActionKind; pausedMs: number }
  | { type: 'input_edited'; callId: string; /** The input the provider got instead. */ input?: unknown }
  | { type: 'result_edited'; callId: string }
  | { type: 'hand_answered'; callId: string; ok: boolean }
  | { type: 'replay_answered'; callId: string }
  /** A provider's progress report during a call (an MCP progress notification). */
  | { type: 'tool_progress'; callId: string; progress: number; total?: number; message?: string }
  /**
   * The call went to an MCP server as this JSON-RPC request: with the provider's raw traffic
   * (McpTrafficMessage's `connection` and `rpcId`) it leads to the request and its answer.
   */
  | { type: 'mcp_request'; callId: string; providerName: string; connection: number; rpcId: string | number }
  | { type: 'replay_diverged'; callId: string; reason: string }
  | { type: 'manual_answer_requested'; callId: string; requestId: string }
  /** An MCP server asked the client for input (elicitation) or a completion (sampling) during the call. */
  | {
      type: 'server_request';
      callId: string;
      requestId: string;
      kind: 'elicitation' | 'sampling';
      providerName: string;
      params: unknown;
    }
  | {
      type: 'server_request_answered';
      callId: string;
      requestId: string;
      kind: 'elicitation' | 'sampling';
      /** `nobody`: no rule matched and no person could be asked, so it was declined. */
      by: 'person' | 'rule' | 'nobody';
      action: 'accept' | 'decline' | 'cancel';
      /** What the server got back (an accepted elicitation's content, a sampling result). */
      answer?: unknown;
      /** Why it was declined when nobody answered, or the call ended first. */
      reason?: string;
      /** Time a person took: not charged to the guest. */
      heldMs?: number;
    }
  /** `caller` is how transcripts saved before the host knew the reason name a user's cancel. */
  | { type: 'cancel_requested'; reason: CancelReason | 'caller' }
  | { type: 'hard_kill'; reason: string }
  | { type: 'transport_closed'; reason: string }
  | { type: 'transport_error'; message: string }
  /** `problem` is what the parser knew (absent in transcripts saved before it was recorded). */
  | { type: 'malformed_message'; direction: MessageDirection; reason: string; problem?: ParseProblem }
  /** A tap started the runner program it sits in front of. */
  | { type: 'runner_process_started'; command: string; args: string[]; pid?: number }
  /** The tapped runner program ended: its exit code, or the signal that ended it. */
  | { type: 'runner_process_exited'; code: number | null; signal: string | null }
  | {
      type: 'run_finished';
      ok: boolean;
      errorCode?: ExecuteErrorCode;
      /** Wall time: from the run's start to its result, what the person waited. */
      durationMs: number;
      cancelReason?: CancelReason;
      /** The runner's time less the time calls were held. */
      guestMs?: number;
      heldMs?: number;
      failedCall?: FailedCallFacts;
      refusedOption?: RuntimeOptionName;
    }
  /** Guest console output streamed while the code runs (our runner's log-stream extension). */
  | { type: 'guest_console'; lines: ConsoleLine[]; dropped?: DroppedLogs };

export type BreakpointActionKind =
  | 'continue'
  | 'step'
  | 'edit_input'
  | 'answer'
  | 'edit_result'
  /** A tap's held message: another message sent instead, or none. */
  | 'edit_message'
  | 'drop';

export type TranscriptEntry =
  | {
      kind: 'message';
      /** Position in the run, from 0. */
      seq: number;
      /** Milliseconds since the run started, from a monotonic clock. */
      at: number;
      direction: MessageDirection;
      message: ProtocolMessage;
      /**
       * Only between the host and a page: this done message's value was left out because the run's
       * result carries it (the page puts it back).
       */
      valueInResult?: true;
    }
  | { kind: 'event'; seq: number; at: number; event: HostEvent };
