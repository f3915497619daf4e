import { startBenchServe } from './benchServe';

export interface HostRssFigures {
  /** MiB resident after each run (after a full GC), the first being before any run. */
  rss: number[];
  /** MiB of V8 heap in use after each run (after a full GC). */
  heap: number[];
}

/**
 * The host's memory across several long runs through `serve` (the host lives in this process, its
 * runner in a child): read after each run once a full GC has run, so what stays is what the host keeps.
 */
export async function hostRssAcrossRuns(
  runnerEntryPath: string,
  calls: number,
  runs: number,
  gc: () => void,
): Promise<HostRssFigures> {
  const serve = await startBenchServe(runnerEntryPath);
  const mib = (bytes: number) => bytes / 1024 / 1024;
  const figures: HostRssFigures = { rss: [], heap: [] };
  const sample = () => {
    gc();
    const usage = process.memoryUsage();
    figures.rss.push(mib(usage.rss));
    figures.heap.push(mib(usage.heapUsed));
  };
  try {
    await serve.run(2000);
    sample();
    for (let run = 0; run < runs; run++) {
      await serve.run(calls);
      sample();
    }
  } finally {
    await serve.close();
  }
  return figures;
}
