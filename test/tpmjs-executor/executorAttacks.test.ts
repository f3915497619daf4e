import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { detectBubblewrapSandbox } from '../../src/main/programs/tpmjsExecutor/detectBubblewrapSandbox';
import { detectNamespaceSandbox } from '../../src/main/programs/tpmjsExecutor/detectNamespaceSandbox';
import {
  startTpmjsExecutor,
  type TpmjsExecutorHandle,
} from '../../src/main/programs/tpmjsExecutor/startTpmjsExecutor';
import type { TpmjsExecutorOptions } from '../../src/main/programs/tpmjsExecutor/tpmjsExecutorOptions';
import { buildToolChild } from './buildToolChild';
import { startLocalRegistry, type LocalRegistry } from './startLocalRegistry';

const ATTACKS = 'execbox-fixture-attacks';
const linux = process.platform === 'linux';
const namespacesHere = detectNamespaceSandbox() !== undefined;
const bubblewrapHere =
  detectBubblewrapSandbox({ cacheDir: tmpdir(), childScript: fileURLToPath(import.meta.url) }) !== undefined;

let registry: LocalRegistry;
let child: Awaited<ReturnType<typeof buildToolChild>>;
let root: string;
const executors: TpmjsExecutorHandle[] = [];

async function startExecutor(overrides: Partial<TpmjsExecutorOptions> = {}) {
  const dir = await mkdtemp(join(root, 'executor-'));
  const executor = await startTpmjsExecutor({
    registry: registry.url,
    cacheDir: join(dir, 'cache'),
    npmCacheDir: join(root, 'npm-cache'),
    workRoot: join(dir, 'work'),
    childScript: child.path,
    ...overrides,
  });
  executors.push(executor);
  return executor;
}

async function execute(executor: TpmjsExecutorHandle, name: string, params: object, env?: object) {
  const response = await fetch(`${executor.url}/execute-tool`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ packageName: ATTACKS, name, params, ...(env ? { env } : {}) }),
  });
  return (await response.json()) as {
    success: boolean;
    output?: Record<string, unknown> & {
      writes: string[];
      ownPackage: string;
      workFolder: string;
      homeEntries: string[] | string;
      found: unknown[];
      env: string[];
      ownEnvironBlock: string[];
      visiblePids: number;
    };
    error?: { code: string; message: string };
  };
}

interface InfoBody {
  capabilities: { isolation: string; isolationDetails: Record<string, unknown> };
}

/** Host processes whose command line holds `marker`. */
function processesMarked(marker: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes(marker);
      } catch {
        return false;
      }
    })
    .map(Number);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'execbox-tpmjs-attacks-'));
  [registry, child] = await Promise.all([startLocalRegistry(), buildToolChild()]);
  await registry.publish('attacks');
}, 180_000);

afterAll(async () => {
  await Promise.all(executors.map((e) => e.close()));
  await Promise.all([registry?.close(), child?.remove()]);
  await rm(root, { recursive: true, force: true });
});

const modes = [
  'process' as const,
  ...(namespacesHere ? ['namespaces' as const] : []),
  ...(bubblewrapHere ? ['bubblewrap' as const] : []),
];

describe.runIf(linux).each(modes)('a tool attacking its executor (isolation %s)', (isolation) => {
  let executor: TpmjsExecutorHandle;
  beforeAll(async () => {
    executor = await startExecutor({ isolation });
  });

  it('finds no request env in its own environment block, only in process.env', async () => {
    const answer = await execute(executor, 'snoopTool', { needles: [] }, { GREETING: 'hej' });
    expect(answer.output!.env).toEqual(['GREETING']);
    expect(answer.output!.ownEnvironBlock).not.toContain('GREETING');
  });

  // Bubblewrap keeps the tool from writing the ready file in the test's folder; its PID namespace is
  // the one the namespaces mode has, which this test covers.
  it.skipIf(isolation === 'bubblewrap')("cannot read another concurrent call's env from /proc", async () => {
    const secret = `secret-${randomUUID()}`;
    const readyFile = join(root, `ready-${randomUUID()}`);
    const releaseFile = join(root, `release-${randomUUID()}`);
    const holding = execute(executor, 'holdTool', { readyFile, releaseFile }, { OTHER_CALLS_KEY: secret });
    await vi.waitFor(() => expect(existsSync(readyFile)).toBe(true), { timeout: 60_000, interval: 100 });
    const snoop = await execute(executor, 'snoopTool', { needles: [secret] });
    await writeFile(releaseFile, 'go');
    expect((await holding).output).toEqual({ held: true });
    expect(snoop.output!.found).toEqual([]);
  });

  it('kills a grandchild that left for its own session (setsid) when the call ends', async () => {
    const marker = `escapee-${randomUUID()}`;
    const answer = await execute(executor, 'escapeTool', { marker });
    expect(answer.output).toEqual({ started: true });
    await vi.waitFor(() => expect(processesMarked(marker)).toEqual([]), { timeout: 15_000, interval: 100 });
  });
});

describe.runIf(linux).each(modes)('a tool flooding its executor with output (isolation %s)', (isolation) => {
  let executor: TpmjsExecutorHandle;
  beforeAll(async () => {
    executor = await startExecutor({ isolation, maxOutputBytes: 1024 * 1024 });
  });

  it('fails the call when its output passes the limit, naming the limit', async () => {
    const answer = await execute(executor, 'bigOutputTool', { bytes: 2 * 1024 * 1024 });
    expect(answer.success).toBe(false);
    expect(answer.error).toMatchObject({ code: 'TOOL_EXECUTION_ERROR' });
    expect(answer.error!.message).toContain('limit of 1048576 bytes');
  });

  it('stops reading a child that writes past the limit on the answer channel itself', async () => {
    const answer = await execute(executor, 'floodChannelTool', { bytes: 64 * 1024 * 1024 });
    expect(answer.success).toBe(false);
    expect(answer.error!.message).toContain('limit of 1048576 bytes');
  });

  it('still returns an output under the limit', async () => {
    const answer = await execute(executor, 'bigOutputTool', { bytes: 1000 });
    expect(answer).toMatchObject({ success: true, output: 'x'.repeat(1000) });
  });
});

describe.runIf(linux && bubblewrapHere)('a tool attacking the file system under bubblewrap', () => {
  it('writes only its own working folder: not the tree, its package, the home or the shared /tmp', async () => {
    const executor = await startExecutor({ isolation: 'bubblewrap' });
    const id = randomUUID();
    const paths = [
      fileURLToPath(new URL(`../../test-out/planted-${id}`, import.meta.url)),
      join(root, `planted-${id}`),
      join(homedir(), `execbox-planted-${id}`),
      join(tmpdir(), `execbox-planted-${id}`),
    ];
    try {
      const answer = await execute(executor, 'fileSystemTool', { paths, home: homedir() });
      expect(answer.output!.writes[0]).toBe('EROFS');
      expect(answer.output!.ownPackage).toBe('EROFS');
      expect(answer.output!.workFolder).toBe('written');
      expect(answer.output!.homeEntries).toEqual([]);
      expect(paths.filter((path) => existsSync(path))).toEqual([]);
    } finally {
      await Promise.all(paths.map((path) => rm(path, { force: true })));
    }
    const info = (await (await fetch(`${executor.url}/info`)).json()) as InfoBody;
    expect(info.capabilities.isolationDetails).toMatchObject({
      mode: 'bubblewrap',
      readOnlyFileSystem: true,
      homeHidden: true,
      privateTmp: true,
      pidNamespace: true,
    });
  });

  it('is what --isolation auto picks here', async () => {
    const executor = await startExecutor({ isolation: 'auto' });
    expect(executor.options.sandbox?.mode).toBe('bubblewrap');
  });
});

describe.runIf(linux && namespacesHere)('the namespace sandbox', () => {
  it('shows a tool only its own processes and says so in /info', async () => {
    const executor = await startExecutor({ isolation: 'namespaces' });
    const answer = await execute(executor, 'snoopTool', { needles: [] });
    expect(answer.output!.visiblePids).toBeLessThanOrEqual(2);
    const info = (await (await fetch(`${executor.url}/info`)).json()) as InfoBody;
    expect(info.capabilities.isolation).toBe('process');
    expect(info.capabilities.isolationDetails).toMatchObject({ mode: 'namespaces', pidNamespace: true });
  });
});

describe('/info states what process isolation does not give', () => {
  it('reports the plain-process mode and its reach honestly', async () => {
    const executor = await startTpmjsExecutor({ childScript: '/nonexistent', isolation: 'process' });
    executors.push(executor);
    const info = (await (await fetch(`${executor.url}/info`)).json()) as InfoBody;
    expect(info.capabilities.isolationDetails).toMatchObject({
      mode: 'process',
      separateProcess: true,
      separateUser: false,
      pidNamespace: false,
      fileSystem: expect.stringContaining("anywhere the executor's user can"),
      processes: expect.stringContaining('double-forks'),
    });
  });
});
