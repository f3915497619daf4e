import type { RunRequest, RunsEvent } from '../../../shared/api/runs';
import type { ExecuteResult } from '../../../shared/executeResult';
import type { CancelReason } from '../../../shared/runOutcome';
import type { TranscriptEntry } from '../../../shared/transcript';
import type { CodeModeHost } from './CodeModeHost';
import { describeProgress, type ProgressState } from './describeProgress';

/** While a run goes on, the agent hears from it at least this often (when it asked for progress). */
export const PROGRESS_HEARTBEAT_MS = 2_000;

export interface AgentRunOptions {
  /** Aborted when the client sends notifications/cancelled or goes away. */
  signal: AbortSignal;
  /** Called with a rising count and what the run is doing now. */
  onProgress?(progress: number, message: string): void;
  /** Called once the host has named the run. */
  onStarted?(runId: string): void;
  /** Why the run is cancelled when `signal` aborts (default: by the agent). */
  cancelReason?: CancelReason;
}

type RunEvent = Extract<RunsEvent, { type: 'entries' | 'finished' }>;

/**
 * Starts a run through the host (so it is listed, streamed, debuggable and cancellable like any
 * other) and waits for its result. Every tool call is reported, the last ones too (they arrive with
 * the result), and events that come before the launcher names the run are kept for it.
 */
export async function runForAgent(
  host: Pick<CodeModeHost, 'launcher' | 'onEvent'>,
  request: RunRequest,
  options: AgentRunOptions,
): Promise<{ runId: string; result: ExecuteResult; toolCalls: number }> {
  const early = new Map<string, RunEvent[]>();
  let runId: string | undefined;
  let settle: ((result: ExecuteResult) => void) | undefined;
  let progress = 0;
  let toolCalls = 0;
  const state: ProgressState = { startedAt: performance.now(), waiting: new Map(), tools: new Map() };
  const report = (message: string | undefined) => {
    if (message !== undefined) options.onProgress?.(++progress, message);
  };
  const readEntries = (entries: readonly TranscriptEntry[]) => {
    for (const entry of entries) {
      if (entry.kind === 'message' && entry.message.type === 'tool_call') toolCalls += 1;
      report(describeProgress(state, entry));
    }
  };
  const handle = (event: RunEvent) => {
    readEntries(event.entries);
    if (event.type === 'finished') settle?.(event.result);
  };

  const stop = host.onEvent((event) => {
    if (event.channel !== 'runs' || (event.type !== 'entries' && event.type !== 'finished')) return;
    if (event.runId === runId) return handle(event);
    if (runId !== undefined) return;
    const kept = early.get(event.runId) ?? [];
    kept.push(event);
    early.set(event.runId, kept);
  });
  const heartbeat = options.onProgress
    ? setInterval(() => report(describeProgress(state)), PROGRESS_HEARTBEAT_MS)
    : undefined;
  // The run is cancelled as the agent's (every list and the transcript say "cancelled by the agent").
  const byAgent = new AbortController();
  const cancel = () => byAgent.abort(options.cancelReason ?? ('agent' satisfies CancelReason));
  options.signal.addEventListener('abort', cancel, { once: true });
  if (options.signal.aborted) cancel();
  try {
    const id = (await host.launcher(request, { signal: byAgent.signal })).runId;
    options.onStarted?.(id);
    const result = await new Promise<ExecuteResult>((resolve) => {
      settle = resolve;
      runId = id;
      for (const event of early.get(id) ?? []) handle(event);
      early.clear();
    });
    return { runId: id, result, toolCalls };
  } finally {
    stop();
    if (heartbeat) clearInterval(heartbeat);
    options.signal.removeEventListener('abort', cancel);
  }
}
