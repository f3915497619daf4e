import { fork, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createDefaultExecutorFactory } from '../src/main/engine/executors/createDefaultExecutorFactory';
import { createDefaultPlaygroundHost } from '../src/main/app/createDefaultPlaygroundHost';
import type { Executor } from '../src/main/engine/core/types';
import type { ExecuteResult } from '../src/shared/executeResult';
import { createFileSecretStore } from '../src/main/secrets/createFileSecretStore';
import { sharedQuickJsModulePool } from '../src/runner/createQuickJsModulePool';
import { MAX_STACK_BYTES } from '../src/runner/prepareGuestContext';
import { compiledQuickJsWasmNow } from '../src/runner/quickJsWasm';
import { DEFAULT_RUNTIME_OPTIONS } from '../src/shared/runtimeOptions';
import { SINGLE_USE_FLAG } from '../src/runner/singleUseV8Flags';
import { bundleRunnerScript } from './bundleRunner';

/** What a person waits for at start-up, each beside the floor this machine sets for it. */

const CLI = fileURLToPath(new URL('../bin/execbox.js', import.meta.url));
const BUILT = fileURLToPath(new URL('../out/main/cli.js', import.meta.url));
const RENDERER = fileURLToPath(new URL('../out/renderer/index.html', import.meta.url));
const QUICKJS_START = fileURLToPath(new URL('../test-out/quickjs-start.cjs', import.meta.url));
let quickJsStartBuilt: Promise<void> | undefined;

export const startupBuilt = (): { cli: boolean; renderer: boolean } => ({
  cli: existsSync(BUILT),
  renderer: existsSync(RENDERER),
});

async function timed(runs: number, once: () => Promise<number>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await once());
  return samples;
}

/** Process start to exit of `node ARGS`. */
export function processStartToExit(args: string[], runs: number): Promise<number[]> {
  return timed(runs, () => {
    const start = performance.now();
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0
          ? resolve(performance.now() - start)
          : reject(new Error(`node ${args.join(' ')} exited ${code}`)),
      );
    });
  });
}

/** `execbox run` of `6 * 7` with the built-in demo providers, process start to exit. */
export async function cliRunStartToExit(runs: number): Promise<number[]> {
  const dir = await mkdtemp(join(tmpdir(), 'execbox-bench-'));
  const file = join(dir, 'six.js');
  await writeFile(file, '6 * 7');
  try {
    return await processStartToExit([CLI, 'run', file], runs);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `execbox serve --port 0` from start to its printed URL (then stopped). */
export async function serveStartToUrl(runs: number): Promise<number[]> {
  const config = await mkdtemp(join(tmpdir(), 'execbox-bench-config-'));
  try {
    return await timed(runs, () => {
      const start = performance.now();
      return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--config-dir', config], {
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let out = '';
        let took: number | undefined;
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (took === undefined && /#token=\S+/.test(out)) {
            took = performance.now() - start;
            child.kill('SIGTERM');
          }
        });
        child.once('exit', (code) =>
          took === undefined
            ? reject(new Error(`execbox serve exited ${code} before its URL:\n${out}`))
            : resolve(took),
        );
      });
    });
  } finally {
    await rm(config, { recursive: true, force: true });
  }
}

/**
 * The first run in a freshly started app (the default pooled process executor, the demo
 * workspace): `send` is from launching the run to its result, `guest` the runner's durationMs.
 * The run starts two seconds after the host, about when the page is up and a person could click.
 */
export async function firstRunInFreshApp(
  runs: number,
  runnerEntryPath: string,
): Promise<{ send: number[]; guest: number[] }> {
  const send: number[] = [];
  const guest: number[] = [];
  for (let i = 0; i < runs; i++) {
    const configDir = await mkdtemp(join(tmpdir(), 'execbox-bench-app-'));
    const host = await createDefaultPlaygroundHost({
      configDir,
      secretStore: createFileSecretStore(configDir),
      createExecutor: createDefaultExecutorFactory({ runnerEntryPath }),
    });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const finished = new Promise<ExecuteResult>((resolve) => {
      const stop = host.onEvent((event) => {
        if (event.channel === 'runs' && event.type === 'finished') {
          stop();
          resolve(event.result);
        }
      });
    });
    const start = performance.now();
    await host.launcher({ code: 'return 1' });
    const result = await finished;
    send.push(performance.now() - start);
    guest.push(result.durationMs);
    await host.dispose();
    await rm(configDir, { recursive: true, force: true });
  }
  return { send, guest };
}

/** Floor for a cold process runner: fork a child that only sends one IPC message. */
export async function forkToFirstMessage(runs: number): Promise<number[]> {
  const dir = await mkdtemp(join(tmpdir(), 'execbox-bench-fork-'));
  const file = join(dir, 'send.cjs');
  await writeFile(file, 'process.send(1);');
  try {
    return await timed(runs, () => {
      const start = performance.now();
      return new Promise((resolve, reject) => {
        const child = fork(file, [], { execArgv: [], serialization: 'json' });
        child.once('error', reject);
        child.once('message', () => {
          resolve(performance.now() - start);
          child.kill();
        });
      });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Floor for a cold worker runner: a worker that only posts one message. */
export function workerToFirstMessage(runs: number): Promise<number[]> {
  return timed(runs, async () => {
    const start = performance.now();
    const worker = new Worker('require("node:worker_threads").parentPort.postMessage(1)', {
      eval: true,
      execArgv: [],
    });
    await new Promise((resolve) => worker.once('message', resolve));
    const took = performance.now() - start;
    await worker.terminate();
    return took;
  });
}

/**
 * Floor for one in-process execution: a fresh QuickJS runtime and context, one eval, disposed. It
 * borrows the very module in-process executions use: with a second module instance, the
 * quickjs-emscripten call sites both go through turn polymorphic, which slowed the executions
 * measured after it by a fifth (an artifact no real host has).
 */
export async function freshRuntimeEvalDispose(runs: number): Promise<number[]> {
  const lease = await sharedQuickJsModulePool().acquire(DEFAULT_RUNTIME_OPTIONS.memoryLimitBytes);
  const quickjs = lease.bounded.module;
  try {
    return await timed(runs, async () => {
      const start = performance.now();
      const runtime = quickjs.newRuntime();
      runtime.setMaxStackSize(MAX_STACK_BYTES);
      const context = runtime.newContext();
      const handle = context.unwrapResult(context.evalCode('1'));
      handle.dispose();
      context.dispose();
      runtime.dispose();
      return performance.now() - start;
    });
  } finally {
    lease.release(false);
  }
}

/**
 * QuickJS's own start in a fresh process or worker (wasm compiled or adopted, instantiated, one
 * fresh runtime and context running `return 1`), as that child reports it: what any cold runner
 * built on QuickJS pays beyond its fork or worker, however lean the rest of it is. The process
 * starts as a single-use runner process does (see singleUseV8Flags).
 */
export async function quickJsOwnStart(kind: 'process' | 'worker', runs: number): Promise<number[]> {
  quickJsStartBuilt ??= bundleRunnerScript(
    // From scripts/ itself or from the bundle in test-out/ (`npm run bench`): both sit beside scripts/.
    fileURLToPath(new URL('../scripts/quickJsStartEntry.ts', import.meta.url)),
    QUICKJS_START,
  );
  await quickJsStartBuilt;
  return timed(runs, () => {
    const child =
      kind === 'process'
        ? fork(QUICKJS_START, [SINGLE_USE_FLAG], { execArgv: [], serialization: 'json' })
        : new Worker(QUICKJS_START, { execArgv: [], workerData: { quickJsWasm: compiledQuickJsWasmNow() } });
    return new Promise<number>((resolve, reject) => {
      child.once('error', reject);
      child.once('message', (took: number) => {
        resolve(took);
        if (child instanceof Worker) void child.terminate();
        else child.kill();
      });
    });
  });
}

export interface ColdStartSamples {
  floor: number[];
  /** Spawn to the result. */
  total: number[];
  /** Spawn to the runner's `started`: its boot, up to reading the execute message. */
  started: number[];
  /** The runner's own durationMs for its first (and only) execution. */
  runner: number[];
}

/**
 * An ephemeral executor's cold starts, each right after one sample of its floor (interleaved, so
 * both see the same load on a shared machine), split into the runner's boot and its first execution.
 */
export async function coldStarts(
  executor: Executor,
  floorOnce: () => Promise<number[]>,
  runs: number,
): Promise<ColdStartSamples> {
  const samples: ColdStartSamples = { floor: [], total: [], started: [], runner: [] };
  const once = async (record: boolean): Promise<void> => {
    const start = performance.now();
    let started = Number.NaN;
    const result = await executor.execute('return 1', [], {
      hooks: {
        onMessage: ({ message }) => {
          if (message.type === 'started') started = performance.now() - start;
        },
      },
    });
    if (!result.ok) throw new Error(`bench run failed: ${result.error.code}: ${result.error.message}`);
    if (!record) return;
    samples.total.push(performance.now() - start);
    samples.started.push(started);
    samples.runner.push(result.durationMs);
  };
  for (let i = 0; i < 3; i++) await once(false);
  for (let i = 0; i < runs; i++) {
    samples.floor.push(...(await floorOnce()));
    await once(true);
  }
  return samples;
}
