import { resolveProvider } from '../src/main/engine/core/resolveProvider';
import { createProcessExecutor } from '../src/main/engine/executors/createProcessExecutor';
import { echoLoop, startBenchServe } from './benchServe';

export interface StreamingFigures {
  /** ms a call, a run through `serve` (host, transcript, streaming to one connected page). */
  serve: number[];
  /** ms a call, the same loop on the same kind of executor with no host around it. */
  bare: number[];
  /** WebSocket messages and bytes the page received per call. */
  messagesPerCall: number;
  bytesPerCall: number;
}

/**
 * The per-call cost of the streaming path: a sequential tool-call loop run through a real browser-mode
 * server (startBenchServe), beside the same loop on a bare pooled process executor; alternating rounds.
 */
export async function streamingPerCall(
  runnerEntryPath: string,
  calls: number,
  rounds: number,
): Promise<StreamingFigures> {
  const serve = await startBenchServe(runnerEntryPath);
  const serveRun = async (n: number): Promise<number> => {
    const start = performance.now();
    await serve.run(n);
    return (performance.now() - start) / n;
  };
  const bare = createProcessExecutor({ runnerEntryPath, maxSize: 1 });
  const providers = [resolveProvider({ name: 'demo', tools: { echo: { execute: () => ({ ok: true }) } } })];
  const bareRun = async (n: number): Promise<number> => {
    const start = performance.now();
    const result = await bare.execute(echoLoop(n, 'demo'), providers, { timeoutMs: 600_000 });
    if (!result.ok) throw new Error(`bench run failed: ${result.error.message}`);
    return (performance.now() - start) / n;
  };

  const figures: StreamingFigures = { serve: [], bare: [], messagesPerCall: 0, bytesPerCall: 0 };
  try {
    await serveRun(2000);
    await bareRun(2000);
    for (let round = 0; round < rounds; round++) {
      const before = serve.received();
      figures.serve.push(await serveRun(calls));
      const after = serve.received();
      figures.messagesPerCall = (after.messages - before.messages) / calls;
      figures.bytesPerCall = (after.bytes - before.bytes) / calls;
      figures.bare.push(await bareRun(calls));
    }
  } finally {
    await Promise.all([serve.close(), bare.dispose()]);
  }
  return figures;
}
