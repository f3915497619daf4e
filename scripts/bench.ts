import { fork, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { resolveProvider } from '../src/main/engine/core/resolveProvider';
import type { Executor } from '../src/main/engine/core/types';
import { createInProcessExecutor } from '../src/main/engine/executors/createInProcessExecutor';
import { createProcessExecutor } from '../src/main/engine/executors/createProcessExecutor';
import { createChildProcessTransport } from '../src/main/engine/transports/createChildProcessTransport';
import { createWorkerExecutor } from '../src/main/engine/executors/createWorkerExecutor';
import { buildRunnerForTests, TEST_RUNNER_ENTRY } from './buildRunnerForTests';
import { mcpToolCalls } from './benchMcp';
import { CONSOLE_LINES, consoleLines } from './benchConsole';
import { streamingPerCall } from './benchStreaming';
import { hostRssAcrossRuns } from './benchHostRss';
import {
  cliRunStartToExit,
  coldStarts,
  firstRunInFreshApp,
  forkToFirstMessage,
  freshRuntimeEvalDispose,
  processStartToExit,
  quickJsOwnStart,
  serveStartToUrl,
  startupBuilt,
  workerToFirstMessage,
} from './benchStartup';

interface Row {
  scenario: string;
  unit: string;
  median: number;
  p95: number;
  target?: string;
  note?: string;
}

const providers = [resolveProvider({ name: 'tools', tools: { echo: { execute: (input) => input } } })];
const rows: Row[] = [];

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

function median(samples: number[]): number {
  return quantile(
    [...samples].sort((a, b) => a - b),
    0.5,
  );
}

/** Records `samples` and notes their median as a multiple of the floor's median. */
function recordAgainst(
  scenario: string,
  samples: number[],
  floorScenario: string,
  floor: number[],
  target: string,
): void {
  const ratio = median(samples) / median(floor);
  record(
    scenario,
    samples,
    'ms',
    target,
    `${ratio.toFixed(2)}× ${floorScenario} (${median(floor).toPrecision(3)} ms)`,
  );
}

function record(scenario: string, samples: number[], unit: string, target?: string, note?: string): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const row: Row = {
    scenario,
    unit,
    median: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    target,
    note,
  };
  rows.push(row);
  console.log(`${scenario}: median ${row.median.toFixed(3)} ${unit}, p95 ${row.p95.toFixed(3)} ${unit}`);
}

async function must(executor: Executor, code: string): Promise<void> {
  const result = await executor.execute(code, providers);
  if (!result.ok) throw new Error(`bench run failed: ${result.error.code}: ${result.error.message}`);
}

/**
 * Latency of one whole execution, measured by the caller. Back to back by default; with
 * `idleBetween` the event loop turns once between runs (outside the timed part), as it does for any
 * real caller, so idle work (freeing the last runtime, preparing the next context) can happen there.
 */
async function executionLatency(
  executor: Executor,
  code: string,
  runs: number,
  warmup = 50,
  idleBetween = false,
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await must(executor, code);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    if (idleBetween) await new Promise((resolve) => setImmediate(resolve));
    const start = performance.now();
    await must(executor, code);
    samples.push(performance.now() - start);
  }
  return samples;
}

/** Time between consecutive tool_call messages of a sequential echo loop: one full round trip each. */
async function toolCallLatency(executor: Executor, calls: number): Promise<number[]> {
  const code = `for (let i = 0; i < ${calls}; i++) await tools.echo(i)`;
  await must(executor, 'for (let i = 0; i < 200; i++) await tools.echo(i)');
  const stamps: number[] = [];
  const result = await executor.execute(code, providers, {
    timeoutMs: 120_000,
    hooks: { onMessage: ({ message, at }) => message.type === 'tool_call' && stamps.push(at) },
  });
  if (!result.ok) throw new Error(`bench run failed: ${result.error.message}`);
  return stamps.slice(1).map((at, i) => at - stamps[i]!);
}

async function throughput(executor: Executor, concurrency: number, total: number): Promise<number> {
  await Promise.all(Array.from({ length: concurrency }, () => must(executor, '1')));
  let remaining = total;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (remaining > 0) {
        remaining -= 1;
        await must(executor, '1');
      }
    }),
  );
  return total / ((performance.now() - start) / 1000);
}

/** A full GC, for memory rows (V8 flags are set late: see the resident memory row). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** Issue 28's rows: what `serve` adds to each tool call, and console lines beside execbox-style logging. */
async function transcriptRows(runnerEntryPath: string, inProcess: Executor): Promise<void> {
  const calls = Number(process.env.BENCH_STREAM_CALLS ?? 20_000);
  const stream = await streamingPerCall(runnerEntryPath, calls, 5);
  record(
    `sequential tool call through \`serve\` (${calls.toLocaleString('en-US')}-call run, one page)`,
    stream.serve,
    'ms',
  );
  record('the same loop on a bare pooled process executor', stream.bare, 'ms');
  record(
    'added per call by the host and its streaming',
    stream.serve.map((serve, i) => serve - stream.bare[i]!),
    'ms',
    '≤ 0.05 ms',
    `${stream.messagesPerCall.toFixed(3)} WebSocket messages, ${stream.bytesPerCall.toFixed(0)} bytes a call`,
  );
  await executionLatency(inProcess, 'return 1', 0, 2000);
  const logs = await consoleLines(inProcess, 10, 20);
  record(
    `floor: ${CONSOLE_LINES.toLocaleString('en-US')} console lines buffered in the guest, handed over once (fresh runtime)`,
    logs.guestBuffered,
    'ms',
  );
  record(
    `${CONSOLE_LINES.toLocaleString('en-US')} console.log lines, execbox-style (a host call per line, fresh runtime)`,
    logs.unbuffered,
    'ms',
  );
  const ratio = median(logs.unbuffered) / median(logs.ours);
  record(
    `${CONSOLE_LINES.toLocaleString('en-US')} console.log lines, in-process`,
    logs.ours,
    'ms',
    '≥ 3× faster than execbox-style',
    `${ratio.toFixed(2)}× faster than execbox-style; ${(median(logs.ours) / median(logs.guestBuffered)).toFixed(2)}× the floor`,
  );
  const rssCalls = Number(process.env.BENCH_RSS_CALLS ?? 100_000);
  const rssRuns = Number(process.env.BENCH_RSS_RUNS ?? 5);
  const memory = await hostRssAcrossRuns(runnerEntryPath, rssCalls, rssRuns, collectGarbage);
  const [warm, ...afterRuns] = memory.rss;
  record(
    `host RSS after each of ${rssRuns} ${rssCalls.toLocaleString('en-US')}-call runs through \`serve\` (after a full GC)`,
    afterRuns,
    'MiB',
    '≤ 500 MiB, flat across runs',
    `${afterRuns.map((mib) => mib.toFixed(0)).join(', ')} MiB (${warm!.toFixed(0)} before); V8 heap ${memory.heap.map((mib) => mib.toFixed(0)).join(', ')} MiB`,
  );
}

async function writeTable(): Promise<void> {
  const table = [
    `# Execbox Playground benchmark`,
    '',
    `${new Date().toISOString()} · Node ${process.version} · ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'} · load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')}`,
    '',
    '| scenario | median | p95 | target | note |',
    '| --- | ---: | ---: | --- | --- |',
    ...rows.map(
      (row) =>
        `| ${row.scenario} | ${row.median.toFixed(3)} ${row.unit} | ${row.p95.toFixed(3)} ${row.unit} | ${row.target ?? ''} | ${row.note ?? ''} |`,
    ),
    '',
  ].join('\n');
  await mkdir('bench-results', { recursive: true });
  await writeFile('bench-results/bench.md', table);
  await writeFile('bench-results/bench.json', `${JSON.stringify(rows, null, 2)}\n`);
  console.log(`\n${table}`);
}

async function main(): Promise<void> {
  await buildRunnerForTests();
  const runnerEntryPath = TEST_RUNNER_ENTRY;
  if (process.argv.includes('--transcripts')) {
    // `npm run bench -- --transcripts`: only the streaming and console rows.
    const inProcess = createInProcessExecutor();
    await transcriptRows(runnerEntryPath, inProcess);
    await writeTable();
    await inProcess.dispose();
    return;
  }

  // Where a person waits at start-up, each beside its floor measured in this same run.
  const nodeFloor = await processStartToExit(['-e', '0'], 15);
  record('floor: `node -e 0`, start to exit', nodeFloor, 'ms');
  const built = startupBuilt();
  if (built.cli) {
    recordAgainst(
      '`execbox run` of `6 * 7`, start to exit',
      await cliRunStartToExit(15),
      '`node -e 0`',
      nodeFloor,
      '≤ 2× floor',
    );
    if (built.renderer)
      record('`execbox serve`, start to printed URL', await serveStartToUrl(10), 'ms', '≤ 400 ms');
  } else {
    console.log(
      '(no build in out/: run `npm run build` first to measure `execbox run` and `execbox serve` start-up)',
    );
  }
  const firstRun = await firstRunInFreshApp(5, runnerEntryPath);
  record('first run in a fresh app (pooled process), send to result', firstRun.send, 'ms', '≤ 30 ms');
  record('first run in a fresh app (pooled process), runner durationMs', firstRun.guest, 'ms', '≤ 5 ms');

  const inProcess = createInProcessExecutor();
  // Both warmed up until V8 has settled (medians of 500 runs: ~370 us at first, ~250 us after
  // 2,000 runs, steady from ~4,000 on; the floor settles within 2,000), then measured in
  // alternating blocks, so drift in the machine's load hits both alike.
  await executionLatency(inProcess, 'return 1', 0, 6000);
  await freshRuntimeEvalDispose(3000);
  const runtimeFloor: number[] = [];
  const backToBack: number[] = [];
  for (let block = 0; block < 10; block++) {
    runtimeFloor.push(...(await freshRuntimeEvalDispose(100)));
    backToBack.push(...(await executionLatency(inProcess, 'return 1', 100, 0)));
  }
  record(
    'floor: fresh QuickJS runtime + context + eval + dispose (in blocks alternating with the row below)',
    runtimeFloor,
    'ms',
  );
  recordAgainst('`return 1`, in-process', backToBack, 'fresh runtime floor', runtimeFloor, '≤ 1.6× floor');
  record(
    '`return 1`, in-process, one event-loop turn between runs',
    await executionLatency(inProcess, 'return 1', 1000, 50, true),
    'ms',
    undefined,
    'the row above runs back to back, so no idle work can happen between runs',
  );
  record('sequential echo tool call, in-process', await toolCallLatency(inProcess, 2000), 'ms', '≤ 0.1 ms');
  // What an agent pays: the same `return 1` as MCP tools/calls through `execbox mcp` (in-process
  // executor), from the client's side, beside the in-process run above: the cost of the MCP layer.
  for (const [over, name] of [
    ['stdio', 'stdio'],
    ['http', 'Streamable HTTP'],
  ] as const) {
    const calls = await mcpToolCalls(over);
    recordAgainst(
      `\`return 1\` as MCP tools/call over ${name}, 200 sequential, client side`,
      calls.sequential,
      '`return 1`, in-process',
      backToBack,
      'none',
    );
    record(
      `throughput, \`return 1\` as MCP tools/call over ${name}, 20 concurrent`,
      calls.throughput,
      'calls/s',
      undefined,
      'higher is better',
    );
  }

  const worker = createWorkerExecutor({ runnerEntryPath, maxSize: 1 });
  record('`return 1`, pooled worker', await executionLatency(worker, 'return 1', 1000), 'ms', '≤ 1 ms');
  record('sequential echo tool call, pooled worker', await toolCallLatency(worker, 2000), 'ms', '≤ 0.3 ms');
  await worker.dispose();

  const processPooled = createProcessExecutor({ runnerEntryPath, maxSize: 1 });
  record(
    '`return 1`, pooled process',
    await executionLatency(processPooled, 'return 1', 1000),
    'ms',
    '≤ 1 ms',
  );
  record(
    'sequential echo tool call, pooled process',
    await toolCallLatency(processPooled, 2000),
    'ms',
    '≤ 0.3 ms',
  );
  await processPooled.dispose();

  const ephemeral = createProcessExecutor({ runnerEntryPath, mode: 'ephemeral' });
  const ephemeralWorker = createWorkerExecutor({ runnerEntryPath, mode: 'ephemeral' });
  for (const [kind, executor, floorName, floorOnce] of [
    ['process', ephemeral, 'fork to first IPC message', () => forkToFirstMessage(1)],
    ['worker', ephemeralWorker, 'worker to first message', () => workerToFirstMessage(1)],
  ] as const) {
    const cold = await coldStarts(executor, floorOnce, 30);
    record(`floor: ${floorName} (interleaved with the row below)`, cold.floor, 'ms');
    recordAgainst(
      `ephemeral ${kind} cold start (\`return 1\`)`,
      cold.total,
      `${kind} floor`,
      cold.floor,
      '≤ 1.3× floor',
    );
    recordAgainst(
      `ephemeral ${kind}: spawn to \`started\` (runner boot)`,
      cold.started,
      `${kind} floor`,
      cold.floor,
      '',
    );
    record(`ephemeral ${kind}: the runner's durationMs of its first execution`, cold.runner, 'ms');
    const quickJs = await quickJsOwnStart(kind, 15);
    const best = (median(cold.floor) + median(quickJs)) / median(cold.floor);
    record(
      `QuickJS's own start in a fresh ${kind} (compile or adopt, instantiate, one \`return 1\`)`,
      quickJs,
      'ms',
      undefined,
      `any QuickJS runner: at best ${best.toFixed(2)}× the ${kind} floor`,
    );
  }

  for (const [name, make] of [
    ['pooled worker', (size: number) => createWorkerExecutor({ runnerEntryPath, maxSize: size })],
    ['pooled process', (size: number) => createProcessExecutor({ runnerEntryPath, maxSize: size })],
  ] as const) {
    for (const concurrency of [1, 2, 4, 8]) {
      const executor = make(concurrency);
      const samples = [];
      for (let round = 0; round < 3; round++) samples.push(await throughput(executor, concurrency, 600));
      await executor.dispose();
      record(
        `throughput, ${name}, concurrency ${concurrency}`,
        samples,
        'exec/s',
        undefined,
        'higher is better',
      );
    }
  }

  for (let i = 0; i < 200; i++) await must(inProcess, 'return { a: [1, 2, 3] }');
  // Exposed only now: V8 flags are part of what a code cache must match, and a worker runner shares
  // this process's flags, so started with --expose-gc every worker above would compile without it.
  collectGarbage();
  const before = process.memoryUsage().rss;
  const rss: number[] = [];
  for (let i = 0; i < 1000; i++) {
    await must(
      inProcess,
      'const xs = Array.from({ length: 1000 }, (_, i) => ({ i })); console.log(xs.length); xs.length',
    );
    if (i % 100 === 99) rss.push((process.memoryUsage().rss - before) / 1024 / 1024);
  }
  record(
    'resident memory growth over 1,000 in-process executions',
    rss,
    'MiB',
    'no growth beyond noise',
    `RSS before: ${(before / 1024 / 1024).toFixed(1)} MiB; samples every 100 runs`,
  );

  // The heap cap: a runner process after guests that allocate far beyond a 64 MiB limit.
  let child: ChildProcess | undefined;
  const capped = createProcessExecutor({
    runnerEntryPath,
    maxSize: 1,
    spawnShell: (entry) => {
      child = fork(entry, [], {
        execArgv: [],
        serialization: 'advanced',
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      return createChildProcessTransport(child);
    },
  });
  await must(capped, '1');
  const residentMiB = async (): Promise<number> => {
    const status = await readFile(`/proc/${child!.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
  };
  const idleRss = await residentMiB();
  const oomRss: number[] = [];
  for (const code of [
    'const keep = []; for (;;) keep.push(new Array(100000).fill(1.5))',
    'const keep = []; for (;;) keep.push(new Float64Array(1 << 17))',
    'const keep = []; for (let i = 0; ; i++) keep.push({ i })',
  ]) {
    const result = await capped.execute(code, providers, {
      memoryLimitBytes: 64 * 1024 * 1024,
      timeoutMs: 30_000,
    });
    if (result.ok || result.error.code !== 'memory_limit')
      throw new Error(`expected memory_limit, got ${JSON.stringify(result)}`);
    oomRss.push(await residentMiB());
  }
  await capped.dispose();
  record(
    'runner process RSS after guests allocating past a 64 MiB limit',
    oomRss,
    'MiB',
    'limit + fixed overhead',
    `idle runner: ${idleRss.toFixed(1)} MiB`,
  );

  await transcriptRows(runnerEntryPath, inProcess);
  await writeTable();
  await Promise.all([inProcess.dispose(), ephemeral.dispose(), ephemeralWorker.dispose()]);
}

await main();
