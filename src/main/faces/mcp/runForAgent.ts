import type { RunRequest } from '../../../shared/api/runs';
import type { ExecuteResult } from '../../../shared/executeResult';
import type { LaunchedRun } from '../../services/runs/runExtension';
import type { McpRunHost } from './McpRunHost';

/** While a run goes on, the agent hears from it at least this often (when it asked for progress). */
export const PROGRESS_HEARTBEAT_MS = 2_000;

export interface AgentRunOptions {
  /** Aborted when the client sends notifications/cancelled or goes away. */
  signal: AbortSignal;
  /** Called with a rising count and what the run is doing now. */
  onProgress?(progress: number, message: string): void;
}

/**
 * Starts a run through the host (so it is listed, streamed, debuggable and cancellable like any
 * other) and waits for its result.
 */
export async function runForAgent(
  host: McpRunHost,
  request: RunRequest,
  options: AgentRunOptions,
): Promise<{ runId: string; result: ExecuteResult }> {
  const finished = new Map<string, ExecuteResult>();
  let runId: string | undefined;
  let settle: ((result: ExecuteResult) => void) | undefined;
  let progress = 0;
  const report = (message: string) => options.onProgress?.(++progress, message);

  const stop = host.onEvent((event) => {
    if (event.channel !== 'runs') return;
    if (event.type === 'finished') {
      if (event.runId === runId) settle?.(event.result);
      else if (runId === undefined) finished.set(event.runId, event.result);
      return;
    }
    if (event.type !== 'entries' || event.runId !== runId) return;
    for (const entry of event.entries) {
      if (entry.kind === 'message' && entry.message.type === 'tool_call')
        report(`calling ${entry.message.providerName}.${entry.message.safeToolName}`);
    }
  });
  const startedAt = performance.now();
  const heartbeat = options.onProgress
    ? setInterval(
        () => report(`running for ${Math.round((performance.now() - startedAt) / 1000)} s`),
        PROGRESS_HEARTBEAT_MS,
      )
    : undefined;
  let launched: LaunchedRun | undefined;
  const cancel = () => launched?.cancel('agent');
  try {
    launched = await host.launcher(request);
    runId = launched.runId;
    const id = runId;
    const result = await new Promise<ExecuteResult>((resolve) => {
      settle = resolve;
      const early = finished.get(id);
      if (early) resolve(early);
      options.signal.addEventListener('abort', cancel, { once: true });
      if (options.signal.aborted) cancel();
    });
    return { runId: id, result };
  } finally {
    stop();
    if (heartbeat) clearInterval(heartbeat);
    options.signal.removeEventListener('abort', cancel);
  }
}
