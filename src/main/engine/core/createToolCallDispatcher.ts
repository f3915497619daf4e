import type { ToolCallMessage } from '../../../shared/protocol/messages';
import type { HostEvent } from '../../../shared/transcript';
import type { ExecutionClock, ResolvedToolProvider, ToolCallResult, ToolProgress } from './types';

export interface ToolCallDispatcherOptions {
  /** The execution's signal: once aborted, no new tool work starts and running work is cancelled. */
  signal: AbortSignal;
  /** Receives each progress report of a call's provider, with the call's id. */
  onProgress?: (callId: string, progress: ToolProgress) => void;
  /** Receives host events a call's provider records (an MCP server's request and its answer). */
  onEvent?: (event: HostEvent) => void;
}

/** `clock` lets a tool that waits for a person (a manual answer) hold the execution's deadline. */
export type ToolCallDispatcher = (call: ToolCallMessage, clock?: ExecutionClock) => Promise<ToolCallResult>;

/**
 * Routes a runner's tool call to the resolved tool, handing it the execution's AbortSignal.
 * An unknown provider or tool is a `validation_error` (the guest named something that does not
 * exist; the runner's proxies make this rare). After abort every call answers `timeout` at once,
 * without reaching the provider. Never throws.
 */
export function createToolCallDispatcher(
  providers: readonly ResolvedToolProvider[],
  { signal, onProgress, onEvent }: ToolCallDispatcherOptions,
): ToolCallDispatcher {
  const byName = new Map(providers.map((provider) => [provider.name, provider]));
  return async (call, clock) => {
    if (signal.aborted) {
      return {
        ok: false,
        error: {
          code: 'timeout',
          message: `Tool call ${call.providerName}.${call.safeToolName} was not started: the execution ended`,
        },
      };
    }
    const provider = byName.get(call.providerName);
    if (!provider) {
      return {
        ok: false,
        error: { code: 'validation_error', message: `Unknown provider ${JSON.stringify(call.providerName)}` },
      };
    }
    const tool = Object.prototype.hasOwnProperty.call(provider.tools, call.safeToolName)
      ? provider.tools[call.safeToolName]
      : undefined;
    if (!tool) {
      return {
        ok: false,
        error: {
          code: 'validation_error',
          message: `Unknown tool ${JSON.stringify(call.safeToolName)} in provider ${provider.name}`,
        },
      };
    }
    try {
      return await tool.call(call.input, {
        signal,
        providerName: provider.name,
        safeToolName: tool.safeName,
        originalToolName: tool.originalName,
        callId: call.callId,
        ...(clock ? { clock } : {}),
        ...(onProgress ? { onProgress: (progress: ToolProgress) => onProgress(call.callId, progress) } : {}),
        ...(onEvent ? { onEvent } : {}),
      });
    } catch (error) {
      // ResolvedTool.call never throws; a caller-supplied implementation might.
      return {
        ok: false,
        error: {
          code: 'internal_error',
          message: `Tool dispatch failed: ${error instanceof Error ? error.message : String(error)}`,
        },
      };
    }
  };
}
