import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  startTpmjsExecutor,
  type TpmjsExecutorHandle,
} from '../../src/main/programs/tpmjsExecutor/startTpmjsExecutor';
import type { TpmjsExecutorOptions } from '../../src/main/programs/tpmjsExecutor/tpmjsExecutorOptions';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import { loadSource } from '../providers/loadSource';
import { buildToolChild } from './buildToolChild';
import { startLocalRegistry, type LocalRegistry } from './startLocalRegistry';

const AI = '@execbox-fixtures/ai-tool';
const FACTORY = 'execbox-fixture-factory';
const THROWS = 'execbox-fixture-throws';
const HANGS = 'execbox-fixture-hangs';

let registry: LocalRegistry;
let child: Awaited<ReturnType<typeof buildToolChild>>;
let root: string;
const executors: TpmjsExecutorHandle[] = [];

/** Each executor gets its own package cache and tool work root, so the tests can look inside. */
async function startExecutor(overrides: Partial<TpmjsExecutorOptions> = {}) {
  const dir = await mkdtemp(join(root, 'executor-'));
  const workRoot = join(dir, 'work');
  const executor = await startTpmjsExecutor({
    registry: registry.url,
    cacheDir: join(dir, 'cache'),
    npmCacheDir: join(root, 'npm-cache'),
    workRoot,
    childScript: child.path,
    ...overrides,
  });
  executors.push(executor);
  return { executor, workRoot, cacheDir: join(dir, 'cache') };
}

interface ToolAnswer {
  success: boolean;
  output?: unknown;
  error: { code: string; message: string };
  executionTimeMs: number;
}

async function executeTool(executor: TpmjsExecutorHandle, body: Record<string, unknown>) {
  const response = await fetch(`${executor.url}/execute-tool`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tpmjs-protocol-version': '1.0' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as ToolAnswer };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'execbox-tpmjs-test-'));
  [registry, child] = await Promise.all([startLocalRegistry(), buildToolChild()]);
  await Promise.all([
    registry.publish('ai-tool', '1.0.0').then(() => registry.publish('ai-tool', '1.1.0')),
    registry.publish('factory'),
    registry.publish('throws'),
    registry.publish('hangs'),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all(executors.map((e) => e.close()));
  await Promise.all([registry?.close(), child?.remove()]);
  await rm(root, { recursive: true, force: true });
});

describe('POST /execute-tool against a local registry', () => {
  let executor: TpmjsExecutorHandle;
  let workRoot: string;
  let cacheDir: string;
  beforeAll(async () => {
    ({ executor, workRoot, cacheDir } = await startExecutor());
  });

  it('runs a tool in the ai SDK tool() shape and answers { success, output, executionTimeMs }', async () => {
    const { status, body } = await executeTool(executor, {
      packageName: AI,
      name: 'greetTool',
      params: { name: 'Ada' },
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      output: { message: 'Hello, Ada!', version: '1.1.0', gotToolCallId: true },
      executionTimeMs: expect.any(Number),
    });
  });

  it('installs the version asked for, each into its own cache folder', async () => {
    const { body } = await executeTool(executor, {
      packageName: AI,
      version: '1.0.0',
      name: 'greetTool',
      params: { name: 'Bo' },
    });
    expect(body.output).toMatchObject({ version: '1.0.0' });
    const folders = (await readdir(cacheDir)).sort();
    expect(folders).toEqual([encodeURIComponent(`${AI}@1.0.0`), encodeURIComponent(`${AI}@1.1.0`)]);
  });

  it('finds a tool that is only a property of the default export', async () => {
    const { body } = await executeTool(executor, {
      packageName: AI,
      name: 'shoutTool',
      params: { text: 'hi' },
    });
    expect(body).toMatchObject({ success: true, output: 'HI' });
  });

  it('calls a factory export with no arguments and runs the tool it returns', async () => {
    const { body } = await executeTool(executor, {
      packageName: FACTORY,
      name: 'createCounterTool',
      params: { step: 5 },
    });
    expect(body).toMatchObject({ success: true, output: { count: 5 } });
  });

  it('uses the default export when asked for by its own name', async () => {
    const { body } = await executeTool(executor, {
      packageName: FACTORY,
      name: 'makeSummarizer',
      params: { text: 'one two three' },
    });
    expect(body).toMatchObject({ success: true, output: { words: 3 } });
  });

  it('succeeds without output when the tool returns undefined', async () => {
    const { body } = await executeTool(executor, { packageName: AI, name: 'nothingTool' });
    expect(body.success).toBe(true);
    expect('output' in body).toBe(false);
  });

  it('gives the tool only the request env, never the executor process variables', async () => {
    process.env.EXECUTOR_API_KEY_PROBE = 'must-not-leak';
    const { body } = await executeTool(executor, {
      packageName: AI,
      name: 'envTool',
      env: { GREETING: 'hej' },
    });
    expect(body.output).toEqual({ keys: ['GREETING'], greeting: 'hej' });
  });

  it('runs each call in a temporary folder that is gone afterwards', async () => {
    const { body } = await executeTool(executor, { packageName: AI, name: 'cwdTool' });
    const { cwd } = body.output as { cwd: string };
    expect(cwd.startsWith(workRoot)).toBe(true);
    expect(existsSync(cwd)).toBe(false);
    expect(await readdir(workRoot)).toEqual([]);
  });

  it('answers PACKAGE_NOT_FOUND for a package the registry does not have', async () => {
    const { status, body } = await executeTool(executor, {
      packageName: 'execbox-fixture-missing',
      name: 'x',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: false, error: { code: 'PACKAGE_NOT_FOUND' } });
    expect(body.error.message).toContain('execbox-fixture-missing@latest');
    expect(body.executionTimeMs).toEqual(expect.any(Number));
    expect((await readdir(cacheDir)).filter((f) => f.startsWith('.staging'))).toEqual([]);
  });

  it('answers TOOL_NOT_FOUND when no export has the name', async () => {
    const { body } = await executeTool(executor, { packageName: AI, name: 'noSuchTool' });
    expect(body.error).toEqual({
      code: 'TOOL_NOT_FOUND',
      message: "the package has no export named 'noSuchTool'",
    });
  });

  it.each([
    ['an object without execute()', 'notATool'],
    ['a factory returning something else', 'brokenFactory'],
    ['a factory that throws', 'throwingFactory'],
  ])('answers TOOL_INVALID for %s', async (_what, name) => {
    const { body } = await executeTool(executor, { packageName: FACTORY, name });
    expect(body).toMatchObject({ success: false, error: { code: 'TOOL_INVALID' } });
    expect(body.error.message).toContain(name);
  });

  it('answers TOOL_EXECUTION_ERROR with the thrown message', async () => {
    const { body } = await executeTool(executor, {
      packageName: THROWS,
      name: 'failTool',
      params: { value: 7 },
    });
    expect(body.error).toEqual({
      code: 'TOOL_EXECUTION_ERROR',
      message: 'Tool threw an error: Invalid input: 7',
    });
  });

  it.each([
    ['throws a string', 'stringThrowTool', 'plain string failure'],
    ['returns a bigint', 'bigintTool', 'not JSON-serializable'],
    ['exits its process', 'exitTool', 'exited with code 3'],
  ])('answers TOOL_EXECUTION_ERROR when the tool %s', async (_what, name, fragment) => {
    const { body } = await executeTool(executor, { packageName: THROWS, name });
    expect(body).toMatchObject({ success: false, error: { code: 'TOOL_EXECUTION_ERROR' } });
    expect(body.error.message).toContain(fragment);
    expect(await readdir(workRoot)).toEqual([]);
  });

  it('does not let a tool claim an executor-level error code', async () => {
    const { body } = await executeTool(executor, { packageName: THROWS, name: 'forgeTool' });
    expect(body.error.code).toBe('TOOL_EXECUTION_ERROR');
  });

  it('never runs request fields as code', async () => {
    const hostile = "x'); process.exit(9); ('";
    const { body } = await executeTool(executor, { packageName: AI, name: hostile });
    expect(body.error).toMatchObject({ code: 'TOOL_NOT_FOUND' });
    const bad = await executeTool(executor, { packageName: 'a; rm -rf /', name: 'x' });
    expect(bad.status).toBe(400);
    const option = await executeTool(executor, {
      packageName: AI,
      version: '--registry=http://evil',
      name: 'x',
    });
    expect(option.status).toBe(400);
    const gitSpec = await executeTool(executor, { packageName: AI, version: 'github:evil/pkg', name: 'x' });
    expect(gitSpec.status).toBe(400);
  });
});

describe('execution limits', () => {
  it('kills a tool that runs past the timeout, with everything it started, and answers EXECUTION_TIMEOUT', async () => {
    // Watched through a file in a folder of the test's, not a pid (in a namespace the tool sees its own
    // pid numbers); bubblewrap would keep the tool from writing there, so plain processes.
    const { executor, workRoot } = await startExecutor({ executionTimeoutMs: 3000, isolation: 'process' });
    const heartbeatFile = join(root, `heartbeat-${Date.now()}.txt`);
    const { status, body } = await executeTool(executor, {
      packageName: HANGS,
      name: 'hangWithChildTool',
      params: { heartbeatFile },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: false, error: { code: 'EXECUTION_TIMEOUT' } });
    expect(body.executionTimeMs).toBeGreaterThanOrEqual(3000);
    expect(Number(await readFile(heartbeatFile, 'utf8'))).toBeGreaterThan(0);
    await vi.waitFor(
      async () => {
        const before = await readFile(heartbeatFile, 'utf8');
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(await readFile(heartbeatFile, 'utf8')).toBe(before);
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(await readdir(workRoot)).toEqual([]);
  });

  it('times out a CPU-bound tool too', async () => {
    const { executor } = await startExecutor({ executionTimeoutMs: 3000 });
    const { body } = await executeTool(executor, { packageName: HANGS, name: 'busyTool' });
    expect(body.error).toMatchObject({ code: 'EXECUTION_TIMEOUT' });
  });

  it('refuses an execution beyond the concurrency limit and queue with 503 EXECUTOR_BUSY', async () => {
    const { executor } = await startExecutor({
      executionTimeoutMs: 4000,
      maxConcurrentExecutions: 1,
      maxQueuedExecutions: 0,
      isolation: 'process',
    });
    const heartbeatFile = join(root, `busy-${Date.now()}.txt`);
    const first = executeTool(executor, {
      packageName: HANGS,
      name: 'hangWithChildTool',
      params: { heartbeatFile },
    });
    await vi.waitFor(() => expect(existsSync(heartbeatFile)).toBe(true), { timeout: 60_000, interval: 100 });
    const second = await executeTool(executor, { packageName: AI, name: 'nothingTool' });
    expect(second.status).toBe(503);
    expect(second.body).toMatchObject({ success: false, error: { code: 'EXECUTOR_BUSY' } });
    expect((await first).body.error.code).toBe('EXECUTION_TIMEOUT');
  });

  it('queues executions beyond the concurrency limit while the queue has room', async () => {
    const { executor } = await startExecutor({ maxConcurrentExecutions: 1, maxQueuedExecutions: 4 });
    const results = await Promise.all(
      [1, 2, 3].map((step) =>
        executeTool(executor, { packageName: FACTORY, name: 'createCounterTool', params: { step } }),
      ),
    );
    expect(results.map((r) => (r.body.output as { count: number }).count).sort()).toEqual([1, 2, 3]);
  });
});

describe('the TPMJS provider end to end against our executor', () => {
  it('lets guest code call npm tools run by our executor, with the API key from a secret', async () => {
    const { executor } = await startExecutor({ apiKey: 'executor-key' });
    const loaded = await loadSource({
      id: 'npm',
      name: 'npm',
      kind: 'tpmjs',
      baseUrl: executor.url,
      apiKey: '${secret:EXECUTOR_KEY}',
      env: { GREETING: 'hej' },
      tools: [`${AI}@1.0.0::greetTool`, `${AI}@1.1.0::envTool`, `${THROWS}@1.0.0::failTool`],
    });
    await loaded.secrets.set('EXECUTOR_KEY', 'executor-key');
    await loaded.source.check?.();
    const provider = await loaded.load();
    const guest = createInProcessExecutor();
    const code = `
      const greeting = await npm.greetTool({ name: 'Ada' });
      const env = await npm.envTool({});
      let failure;
      try { await npm.failTool({ value: 1 }) } catch (error) { failure = [error.code, error.message] }
      ({ greeting, env, failure })`;
    const result = await guest.execute(code, [provider], { timeoutMs: 120_000 });
    expect(result).toMatchObject({
      ok: true,
      result: {
        greeting: { message: 'Hello, Ada!', version: '1.0.0' },
        env: { keys: ['GREETING'], greeting: 'hej' },
        failure: ['tool_error', expect.stringContaining('Invalid input: 1')],
      },
    });
    await guest.dispose();
  });

  it('is refused by our executor without the right key', async () => {
    const { executor } = await startExecutor({ apiKey: 'executor-key' });
    const loaded = await loadSource({
      id: 'npm',
      name: 'npm',
      kind: 'tpmjs',
      baseUrl: executor.url,
      tools: [`${AI}::greetTool`],
    });
    await expect(loaded.source.check?.()).rejects.toThrow('HTTP 401');
  });
});
