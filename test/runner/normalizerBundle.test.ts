import { fork } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_RUNNER_ENTRY } from '../../scripts/buildRunnerForTests';
import type { Executor } from '../../src/main/engine/core/types';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import {
  createProcessExecutor,
  runnerProcessEnv,
  type ShellSpawner,
} from '../../src/main/engine/executors/createProcessExecutor';
import { createShellExecutor } from '../../src/main/engine/executors/createShellExecutor';
import { createWorkerExecutor } from '../../src/main/engine/executors/createWorkerExecutor';
import { createChildProcessTransport } from '../../src/main/engine/transports/createChildProcessTransport';
import { createWorkerTransport } from '../../src/main/engine/transports/createWorkerTransport';
import {
  compileBundleWithCodeCache,
  loadCodeCachedBundle,
} from '../../src/runner/compileBundleWithCodeCache';
import { NORMALIZED_CODE_ENV } from '../../src/runner/normalizedCodeEnv';
import { compiledQuickJsWasmNow } from '../../src/runner/quickJsWasm';
import {
  NORMALIZER_BUNDLE_FILE,
  NORMALIZER_CODE_CACHE_FILE,
  QUICKJS_WASM_FILE,
  NORMALIZER_CODE_CACHE_OUT_ENV,
  RUNNER_BUNDLE_FILE,
  RUNNER_CODE_CACHE_FILE,
  RUNNER_LOADER_FILE,
} from '../../src/runner/runnerBundleFiles';
import type { RunnerWorkerData } from '../../src/runner/runnerWorkerData';
import { SINGLE_USE_FLAG } from '../../src/runner/singleUseV8Flags';
import type { ExecuteResult } from '../../src/shared/executeResult';
import { CodeSyntaxError, normalizeCode } from '../../src/shared/normalizeCode';

const TEST_OUT = fileURLToPath(new URL('../../test-out', import.meta.url));
const NORMALIZER = {
  bundleFile: NORMALIZER_BUNDLE_FILE,
  cacheFile: NORMALIZER_CODE_CACHE_FILE,
  cacheOutEnv: NORMALIZER_CODE_CACHE_OUT_ENV,
};

const PROGRAMS = [
  'return 1',
  '1 + 1 // two',
  'const n = 6;\nn * 7',
  '```js\nconst x = 2;\nx * 21\n```',
  'Here you go:\n\n```ts\n[1, 2].length\n```\n\nDone.',
  '{ "a": 1 }',
  'async function main() {\n  return 5;\n}',
  '#!/usr/bin/env node\n6 * 7',
  'await Promise.resolve(3)',
];
const SYNTAX_ERRORS = ['1 +', 'const x = ;\nx', 'let a = 1;\n  foo(;', '<!-- hi\n1', '})();(function(){'];

type Outcome = { body: string } | { name: string; message: string; line: number; column: number };

function outcome(normalize: (code: string) => string, code: string): Outcome {
  try {
    return { body: normalize(code) };
  } catch (error) {
    const { name, message, line, column } = error as CodeSyntaxError;
    return { name, message, line, column };
  }
}

const copies: string[] = [];

/** The built runner copied into test-out, with `files` only. */
async function runnerCopy(files: string[]): Promise<{ directory: string; entry: string }> {
  const directory = await mkdtemp(join(TEST_OUT, 'runner-copy-'));
  copies.push(directory);
  for (const file of files) await cp(join(TEST_OUT, file), join(directory, file));
  return { directory, entry: join(directory, RUNNER_LOADER_FILE) };
}

const RUNNER_FILES = [RUNNER_LOADER_FILE, RUNNER_BUNDLE_FILE, RUNNER_CODE_CACHE_FILE, QUICKJS_WASM_FILE];
const ALL_RUNNER_FILES = [...RUNNER_FILES, NORMALIZER_BUNDLE_FILE, NORMALIZER_CODE_CACHE_FILE];

/** Ephemeral workers started with `workerData` as given (no seed unless it has one), whatever the code. */
function workersWith(workerData: RunnerWorkerData, entry = TEST_RUNNER_ENTRY): Executor {
  return createShellExecutor(
    () =>
      createWorkerTransport(
        new Worker(entry, {
          stdout: false,
          stderr: false,
          execArgv: [],
          workerData: { quickJsWasm: compiledQuickJsWasmNow(), ...workerData },
        }),
      ),
    { mode: 'ephemeral' },
  );
}

async function runAll(executor: Executor, codes: string[]): Promise<ExecuteResult[]> {
  try {
    const results: ExecuteResult[] = [];
    for (const code of codes) results.push(await executor.execute(code, []));
    return results;
  } finally {
    await executor.dispose();
  }
}

/** What a result says, without its timing. */
/** What '1 +' ends as, from any runner. */
const SYNTAX_ERROR_AT_1_4 = {
  ok: false,
  error: { code: 'runtime_error', message: 'Unexpected token', name: 'SyntaxError', line: 1, column: 4 },
};
const gist = (result: ExecuteResult): unknown =>
  result.ok ? { ok: true, result: result.result } : { ok: false, error: result.error };

afterAll(async () => {
  await Promise.all(copies.map((directory) => rm(directory, { recursive: true, force: true })));
});

describe('the normalizer bundle the runner loads on first use', () => {
  it('is built with a code cache this Node accepts', () => {
    expect(compileBundleWithCodeCache(TEST_OUT, NORMALIZER).script.cachedDataRejected).toBe(false);
  });

  it('normalizes as normalizeCode does, syntax errors at the same line and column', () => {
    const bundle = loadCodeCachedBundle(TEST_OUT, NORMALIZER) as {
      normalizeCode(code: string): string;
      CodeSyntaxError: typeof CodeSyntaxError;
    };
    for (const code of [...PROGRAMS, ...SYNTAX_ERRORS]) {
      expect(outcome(bundle.normalizeCode, code), code).toEqual(outcome(normalizeCode, code));
    }
    for (const code of SYNTAX_ERRORS) {
      expect(() => bundle.normalizeCode(code), code).toThrow(bundle.CodeSyntaxError);
    }
  });

  for (const [kind, ephemeral] of [
    ['worker', (runnerEntryPath: string) => createWorkerExecutor({ runnerEntryPath, mode: 'ephemeral' })],
    ['process', (runnerEntryPath: string) => createProcessExecutor({ runnerEntryPath, mode: 'ephemeral' })],
  ] as const) {
    it(`is not in the runner bundle: a ${kind} whose code the host normalized runs without it`, async () => {
      const { entry } = await runnerCopy(RUNNER_FILES);
      const results = await runAll(ephemeral(entry), [
        'const n = 6;\nn * 7',
        // Code that does not parse is not normalized by the host: this runner has no parser to read it.
        '1 +',
      ]);
      expect(results[0]).toMatchObject({ ok: true, result: 42 });
      expect(results[1]).toMatchObject({
        ok: false,
        error: { code: 'runtime_error', message: expect.stringMatching(/^could not read the code/) },
      });
    });
  }

  it('gives a worker the same results and syntax errors as the in-process executor, seeded or not', async () => {
    const codes = [...PROGRAMS, ...SYNTAX_ERRORS];
    const inProcess = (await runAll(createInProcessExecutor(), codes)).map(gist);
    expect(inProcess.filter((result) => (result as { ok: boolean }).ok)).toHaveLength(PROGRAMS.length);
    expect((await runAll(workersWith({}), codes)).map(gist)).toEqual(inProcess);
    expect(
      (
        await runAll(createWorkerExecutor({ runnerEntryPath: TEST_RUNNER_ENTRY, mode: 'ephemeral' }), codes)
      ).map(gist),
    ).toEqual(inProcess);
    expect(
      (
        await runAll(createProcessExecutor({ runnerEntryPath: TEST_RUNNER_ENTRY, mode: 'ephemeral' }), codes)
      ).map(gist),
    ).toEqual(inProcess);
  });

  it('reports a syntax error as before when nothing was seeded', async () => {
    const [result] = await runAll(workersWith({}), ['const a = 1;\nconst b = ;']);
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'runtime_error', message: 'Unexpected token', name: 'SyntaxError', line: 2, column: 11 },
    });
  });
});

describe("a worker's seed (the code its host normalized)", () => {
  const seeded = { code: '"seeded"', body: 'return "from the seed"' };

  it('is used for exactly that code, and any other code is normalized as usual', async () => {
    const results = await runAll(workersWith({ normalizedCode: seeded }), [
      '"seeded"',
      '"other"',
      ' "seeded"',
      '"seeded";',
      '1 +',
    ]);
    expect(results.map(gist)).toEqual([
      { ok: true, result: 'from the seed' },
      { ok: true, result: 'other' },
      { ok: true, result: 'seeded' },
      { ok: true, result: 'seeded' },
      SYNTAX_ERROR_AT_1_4,
    ]);
  });

  it('is ignored when it is not two strings', async () => {
    for (const normalizedCode of [
      { code: '"seeded"', body: 42 },
      { code: 1, body: 'return "from the seed"' },
      'return "from the seed"',
      null,
    ]) {
      const [result] = await runAll(workersWith({ normalizedCode } as unknown as RunnerWorkerData), [
        '"seeded"',
      ]);
      expect(gist(result!)).toEqual({ ok: true, result: 'seeded' });
    }
  });
});

describe('pooled runners', () => {
  for (const [kind, make] of [
    ['worker', (runnerEntryPath: string) => createWorkerExecutor({ runnerEntryPath, maxSize: 1 })],
    ['process', (runnerEntryPath: string) => createProcessExecutor({ runnerEntryPath, maxSize: 1 })],
  ] as const) {
    it(`load the normalizer in their prewarm, before their first run (${kind})`, async () => {
      const { directory, entry } = await runnerCopy(ALL_RUNNER_FILES);
      const prewarmed = make(entry);
      const cold = make(entry);
      try {
        await prewarmed.prewarm(1);
        // From here on no runner could load it: only one that already has it can read new code.
        await rm(join(directory, NORMALIZER_BUNDLE_FILE));
        expect(await prewarmed.execute('const n = 6;\nn * 7', [])).toMatchObject({ ok: true, result: 42 });
        expect(await prewarmed.execute('1 +', [])).toMatchObject({
          ok: false,
          error: { message: 'Unexpected token', name: 'SyntaxError', line: 1, column: 4 },
        });
        expect(await cold.execute('const n = 6;\nn * 7', [])).toMatchObject({
          ok: false,
          error: { message: expect.stringMatching(/^could not read the code/) },
        });
      } finally {
        await Promise.all([prewarmed.dispose(), cold.dispose()]);
      }
    });
  }
});

/** What a runner process saw, written by the preload below as it sends its done. */
interface ProcessReport {
  seedInEnv: boolean;
  normalizerRead: boolean;
}

/**
 * A preload for runner processes that records, as the runner sends its done, whether the seed's
 * variable is still in its environment and whether it read the normalizer bundle, into the file
 * named by EXECBOX_TEST_REPORT.
 */
const REPORTING_PRELOAD = `
const fs = require('node:fs');
const read = fs.readFileSync;
let normalizerRead = false;
fs.readFileSync = function (file, ...rest) {
  if (String(file).endsWith(${JSON.stringify(NORMALIZER_BUNDLE_FILE)})) normalizerRead = true;
  return read.call(this, file, ...rest);
};
const send = process.send.bind(process);
process.send = (message, ...rest) => {
  if (message && message.type === 'done') {
    const seedInEnv = ${JSON.stringify(NORMALIZED_CODE_ENV)} in process.env;
    fs.writeFileSync(process.env.EXECBOX_TEST_REPORT, JSON.stringify({ seedInEnv, normalizerRead }));
  }
  return send(message, ...rest);
};
`;

/**
 * Forks runners as forkShellSpawner does, with the reporting preload, and `env` (when given) in
 * place of what the executor asks for. reports() reads what each process reported, in order.
 */
async function reportingSpawner(
  env?: Record<string, string>,
): Promise<{ spawnShell: ShellSpawner; reports: () => Promise<ProcessReport[]> }> {
  const directory = await mkdtemp(join(TEST_OUT, 'runner-reports-'));
  copies.push(directory);
  const preload = join(directory, 'preload.cjs');
  await writeFile(preload, REPORTING_PRELOAD);
  const files: string[] = [];
  const spawnShell: ShellSpawner = (entry, args = [], options) => {
    const report = join(directory, `report-${files.length}.json`);
    files.push(report);
    const child = fork(entry, [...args], {
      execArgv: ['--require', preload],
      serialization: 'json',
      stdio: ['pipe', 'ignore', 'inherit', 'ipc'],
      ...runnerProcessEnv({ env: { ...(env ?? options?.env), EXECBOX_TEST_REPORT: report } }),
    });
    return createChildProcessTransport(child);
  };
  const reports = async () =>
    Promise.all(files.map(async (file) => JSON.parse(await readFile(file, 'utf8')) as ProcessReport));
  return { spawnShell, reports };
}

describe("a single-use process's seed (its environment)", () => {
  const ephemeralProcesses = (spawnShell: ShellSpawner): Executor =>
    createProcessExecutor({ runnerEntryPath: TEST_RUNNER_ENTRY, mode: 'ephemeral', spawnShell });
  /** Single-use processes started with the spawner's own environment, whatever the code. */
  const singleUseAsGiven = (spawnShell: ShellSpawner): Executor =>
    createShellExecutor(() => spawnShell(TEST_RUNNER_ENTRY, [SINGLE_USE_FLAG]), { mode: 'ephemeral' });

  it('runs the code without ever reading the normalizer, and is taken out of the environment', async () => {
    const { spawnShell, reports } = await reportingSpawner();
    const [result] = await runAll(ephemeralProcesses(spawnShell), ['const n = 6;\nn * 7']);
    expect(result).toMatchObject({ ok: true, result: 42 });
    expect(await reports()).toEqual([{ seedInEnv: false, normalizerRead: false }]);
  });

  it('is not given for code that does not parse: the runner reports the syntax error as before', async () => {
    const { spawnShell, reports } = await reportingSpawner();
    const [result] = await runAll(ephemeralProcesses(spawnShell), ['const a = 1;\nconst b = ;']);
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'runtime_error', message: 'Unexpected token', name: 'SyntaxError', line: 2, column: 11 },
    });
    expect(await reports()).toEqual([{ seedInEnv: false, normalizerRead: true }]);
  });

  it('is not given when it is over the bound, and the code still runs', async () => {
    const { spawnShell, reports } = await reportingSpawner();
    const [result] = await runAll(ephemeralProcesses(spawnShell), [`"${'€'.repeat(17_000)}".length`]);
    expect(result).toMatchObject({ ok: true, result: 17_000 });
    expect(await reports()).toEqual([{ seedInEnv: false, normalizerRead: true }]);
  });

  it('is used for exactly that code; other code loads the normalizer after the V8 flags and runs', async () => {
    const seeded = { code: '"seeded"', body: 'return "from the seed"' };
    const { spawnShell, reports } = await reportingSpawner({ [NORMALIZED_CODE_ENV]: JSON.stringify(seeded) });
    const results = await runAll(singleUseAsGiven(spawnShell), ['"seeded"', '"other"', '"seeded";', '1 +']);
    expect(results.map(gist)).toEqual([
      { ok: true, result: 'from the seed' },
      { ok: true, result: 'other' },
      { ok: true, result: 'seeded' },
      SYNTAX_ERROR_AT_1_4,
    ]);
    expect((await reports()).map((report) => report.normalizerRead)).toEqual([false, true, true, true]);
    expect((await reports()).every((report) => !report.seedInEnv)).toBe(true);
  });

  it('is ignored when it is not JSON of two strings', async () => {
    for (const value of ['{not json', JSON.stringify({ code: '"seeded"', body: 42 }), '"seeded"']) {
      const { spawnShell } = await reportingSpawner({ [NORMALIZED_CODE_ENV]: value });
      const [result] = await runAll(singleUseAsGiven(spawnShell), ['"seeded"']);
      expect(gist(result!), value).toEqual({ ok: true, result: 'seeded' });
    }
  });
});
