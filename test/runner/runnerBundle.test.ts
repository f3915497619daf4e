import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_RUNNER_ENTRY } from '../../scripts/buildRunnerForTests';
import { resolveProvider } from '../../src/main/engine/core/resolveProvider';
import type { Executor } from '../../src/main/engine/core/types';
import { createProcessExecutor } from '../../src/main/engine/executors/createProcessExecutor';
import { createShellExecutor } from '../../src/main/engine/executors/createShellExecutor';
import { createWorkerExecutor } from '../../src/main/engine/executors/createWorkerExecutor';
import { createWorkerTransport } from '../../src/main/engine/transports/createWorkerTransport';
import { compileRunnerBundle } from '../../src/runner/compileRunnerBundle';
import {
  NORMALIZER_BUNDLE_FILE,
  NORMALIZER_CODE_CACHE_FILE,
  QUICKJS_WASM_FILE,
  RUNNER_BUNDLE_FILE,
  RUNNER_CODE_CACHE_FILE,
  RUNNER_LOADER_FILE,
} from '../../src/runner/runnerBundleFiles';

const TEST_OUT = fileURLToPath(new URL('../../test-out', import.meta.url));
const providers = [resolveProvider({ name: 'tools', tools: { echo: { execute: (input) => input } } })];
const copies: string[] = [];

/** The built runner copied into `parent`, its caches replaced. */
async function runnerWithCache(
  cache: Buffer | undefined,
  { parent = TEST_OUT, files = [QUICKJS_WASM_FILE] }: { parent?: string; files?: string[] } = {},
): Promise<string> {
  const directory = await mkdtemp(join(parent, 'runner-copy-'));
  copies.push(directory);
  for (const file of [RUNNER_LOADER_FILE, RUNNER_BUNDLE_FILE, NORMALIZER_BUNDLE_FILE, ...files])
    await cp(join(TEST_OUT, file), join(directory, file));
  if (cache) {
    for (const file of [RUNNER_CODE_CACHE_FILE, NORMALIZER_CODE_CACHE_FILE])
      await writeFile(join(directory, file), cache);
  }
  return join(directory, RUNNER_LOADER_FILE);
}

async function answers(executor: Executor): Promise<void> {
  try {
    const result = await executor.execute(
      'const echoed = await tools.echo({ n: 6 }); echoed.n * 7',
      providers,
    );
    expect(result).toMatchObject({ ok: true, result: 42 });
  } finally {
    await executor.dispose();
  }
}

afterAll(async () => {
  await Promise.all(copies.map((directory) => rm(directory, { recursive: true, force: true })));
});

describe('the built runner (one bundle started by runner.cjs with a code cache)', () => {
  it('ships a code cache this Node accepts', () => {
    const { script } = compileRunnerBundle(TEST_OUT);
    expect(script.cachedDataRejected).toBe(false);
  });

  const badCaches: Array<[string, Buffer | undefined]> = [
    ['no code cache', undefined],
    ['an empty code cache', Buffer.alloc(0)],
    [
      'a code cache of random bytes',
      Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 256)),
    ],
  ];
  for (const [what, cache] of badCaches) {
    it(`runs in a process and in a worker with ${what}`, async () => {
      const runnerEntryPath = await runnerWithCache(cache);
      expect(compileRunnerBundle(join(runnerEntryPath, '..')).script.cachedDataRejected).not.toBe(false);
      await answers(createProcessExecutor({ runnerEntryPath, mode: 'ephemeral' }));
      await answers(createProcessExecutor({ runnerEntryPath }));
      await answers(createWorkerExecutor({ runnerEntryPath, mode: 'ephemeral' }));
      await answers(createWorkerExecutor({ runnerEntryPath }));
    });
  }

  it('reads QuickJS from the wasm beside it: it runs where no package resolves, and not without it', async () => {
    const cache = await readFile(join(TEST_OUT, RUNNER_CODE_CACHE_FILE));
    const alone = await runnerWithCache(cache, { parent: tmpdir() });
    await answers(createProcessExecutor({ runnerEntryPath: alone, mode: 'ephemeral' }));
    await answers(createWorkerExecutor({ runnerEntryPath: alone, mode: 'ephemeral' }));
    const withoutWasm = await runnerWithCache(cache, { files: [] });
    const executor = createProcessExecutor({ runnerEntryPath: withoutWasm, mode: 'ephemeral' });
    try {
      const result = await executor.execute('1', providers);
      expect(result).toMatchObject({ ok: false, error: { code: 'internal_error' } });
      if (!result.ok) expect(result.error.message).toMatch(/quickjs\.wasm/);
    } finally {
      await executor.dispose();
    }
  });

  it('a worker handed something that is not a compiled module compiles QuickJS itself', async () => {
    for (const quickJsWasm of [{ fake: true }, 'wasm', new Uint8Array([0, 97, 115, 109])]) {
      const executor = createShellExecutor(
        () =>
          createWorkerTransport(
            new Worker(TEST_RUNNER_ENTRY, { stdout: false, stderr: false, workerData: { quickJsWasm } }),
          ),
        { mode: 'ephemeral' },
      );
      await answers(executor);
    }
  });

  it('workers of one process share its compiled module and stay independent', async () => {
    const executor = createWorkerExecutor({ runnerEntryPath: TEST_RUNNER_ENTRY, mode: 'ephemeral' });
    try {
      const first = await executor.execute('globalThis.leak = 1; typeof globalThis.leak', providers);
      const second = await executor.execute('typeof globalThis.leak', providers);
      expect(first).toMatchObject({ ok: true, result: 'number' });
      expect(second).toMatchObject({ ok: true, result: 'undefined' });
    } finally {
      await executor.dispose();
    }
  });
});
