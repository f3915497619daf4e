import type { ExecuteError } from '../errors';
import type { ProviderManifest } from '../manifest';
import type { ExecutorRuntimeOptions } from '../runtimeOptions';

export interface ExecuteMessage {
  type: 'execute';
  id: string;
  code: string;
  options: ExecutorRuntimeOptions;
  providers: ProviderManifest[];
}

export interface CancelMessage {
  type: 'cancel';
  id: string;
}

export interface StartedMessage {
  type: 'started';
  id: string;
}

export interface ToolCallMessage {
  type: 'tool_call';
  callId: string;
  providerName: string;
  safeToolName: string;
  /** Omitted when the guest passed no input. */
  input?: unknown;
}

export type ToolResultMessage =
  | { type: 'tool_result'; callId: string; ok: true; result?: unknown }
  | { type: 'tool_result'; callId: string; ok: false; error: ExecuteError };

export type DoneMessage =
  | { type: 'done'; id: string; ok: true; durationMs: number; logs: string[]; result?: unknown }
  | { type: 'done'; id: string; ok: false; durationMs: number; logs: string[]; error: ExecuteError };

/** dispatcher (host) -> runner */
export type HostToRunnerMessage = ExecuteMessage | CancelMessage | ToolResultMessage;
/** runner -> dispatcher (host) */
export type RunnerToHostMessage = StartedMessage | ToolCallMessage | DoneMessage;
export type ProtocolMessage = HostToRunnerMessage | RunnerToHostMessage;

export type MessageDirection = 'host_to_runner' | 'runner_to_host';
