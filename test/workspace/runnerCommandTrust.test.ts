import { access } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createPlaygroundHost, type PlaygroundHost } from '../../src/main/app/createPlaygroundHost';
import { createDefaultExecutorFactory } from '../../src/main/engine/executors/createDefaultExecutorFactory';
import type { PlaygroundEvent } from '../../src/shared/api/playgroundApi';
import type { CommandRunnerChoice } from '../../src/shared/api/runs';
import type { ExecuteResult } from '../../src/shared/executeResult';
import { startHost, tempDir, writeWorkspace } from './hostFixture';

const MARKER_RUNNER = fileURLToPath(new URL('../fixtures/command-runners/markerRunner.cjs', import.meta.url));
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

let hosts: PlaygroundHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.map((host) => host.dispose()));
  hosts = [];
});

/** A workspace whose runner is the marker runner, opened by a host that can start runner commands. */
async function openWorkspace(options: { configDir?: string } = {}) {
  const dir = await tempDir();
  const marker = path.join(dir, 'runner-started.marker');
  const runner: CommandRunnerChoice = {
    kind: 'command',
    command: process.execPath,
    args: [MARKER_RUNNER, marker],
    mode: 'pooled',
  };
  const file = await writeWorkspace(path.join(dir, 'theirs.execbox.json'), {
    runtime: { executor: runner },
  });
  const workspace = await startHost({ workspacePath: file, ...options });
  const host = createPlaygroundHost({
    workspaceHost: workspace.host,
    createExecutor: createDefaultExecutorFactory(),
  });
  hosts.push(host);
  const events: PlaygroundEvent[] = [];
  host.onEvent((event) => events.push(event));
  const run = async (request: Parameters<typeof host.services.runs.start>[0] = { code: '1' }) => {
    const { runId } = await host.services.runs.start(request);
    return new Promise<ExecuteResult>((resolve) => {
      const check = () => {
        const done = events.find(
          (e) => e.channel === 'runs' && e.type === 'finished' && e.runId === runId,
        ) as { result: ExecuteResult } | undefined;
        if (done) resolve(done.result);
        else setTimeout(check, 20);
      };
      check();
    });
  };
  return { dir, marker, file, runner, host, workspace, run };
}

describe("a workspace's runner command", () => {
  it('is asked about before it first starts, and runs only once allowed', async () => {
    const { dir, marker, host, run } = await openWorkspace();
    const [question, ...others] = (await host.services.workspace.get()).pendingTrust;
    expect(others).toEqual([]);
    expect(question).toMatchObject({ kind: 'runner', providerName: 'runner' });
    expect(question!.what).toContain(`markerRunner.cjs ${marker}`);
    expect(question!.what).toContain(`(in ${dir})`);

    const refused = await run();
    expect(refused).toMatchObject({ ok: false, error: { code: 'internal_error' } });
    if (!refused.ok) expect(refused.error.message).toMatch(/waits for your answer: allow it first/);
    expect(await exists(marker)).toBe(false);

    await host.services.workspace.answerTrust(question!.id, true);
    expect((await host.services.workspace.get()).pendingTrust).toEqual([]);
    expect(await run()).toMatchObject({ ok: true, result: 42 });
    expect(await exists(marker)).toBe(true);
  });

  it('is remembered per file: a later open starts it without asking; a declined one is refused', async () => {
    const first = await openWorkspace();
    const [question] = (await first.host.services.workspace.get()).pendingTrust;
    await first.host.services.workspace.answerTrust(question!.id, true);
    const again = await startHost({ workspacePath: first.file, configDir: first.workspace.configDir });
    try {
      expect((await again.host.workspace.get()).pendingTrust).toEqual([]);
      await expect(again.host.admitRunner(first.runner)).resolves.toMatchObject({ cwd: first.dir });
    } finally {
      await again.host.dispose();
    }

    const other = await openWorkspace();
    const [otherQuestion] = (await other.host.services.workspace.get()).pendingTrust;
    await other.host.services.workspace.answerTrust(otherQuestion!.id, false);
    const declined = await other.run();
    expect(declined).toMatchObject({ ok: false, error: { code: 'internal_error' } });
    if (!declined.ok) expect(declined.error.message).toMatch(/you declined to run .*markerRunner\.cjs/);
    expect(await exists(other.marker)).toBe(false);
  });

  it('a command the renderer names that the workspace was never allowed to run is refused', async () => {
    const { host, runner, run, marker } = await openWorkspace();
    const [question] = (await host.services.workspace.get()).pendingTrust;
    await host.services.workspace.answerTrust(question!.id, true);
    const other = { ...runner, args: [MARKER_RUNNER, `${marker}.other`] };
    const result = await run({ code: '1', executor: other });
    expect(result).toMatchObject({ ok: false, error: { code: 'internal_error' } });
    if (!result.ok) expect(result.error.message).toMatch(/is not one this workspace was allowed to run/);
    expect(await exists(`${marker}.other`)).toBe(false);
  });

  it('chosen by the person through the API is trusted, and its runs record the runner', async () => {
    const { host, runner, run, marker, dir } = await openWorkspace();
    const mine = { ...runner, args: [MARKER_RUNNER, `${marker}.mine`], mode: 'ephemeral' as const };
    await host.services.workspace.setRuntimeSettings({ executor: mine });
    const { runId } = await host.services.runs.start({ code: '1' });
    await expect
      .poll(async () => (await host.services.runs.list()).find((r) => r.runId === runId)?.state)
      .toBe('finished');
    const [started] = await host.services.runs.transcript(runId);
    expect(started).toMatchObject({
      kind: 'event',
      event: {
        type: 'run_started',
        runner: { kind: 'command', command: process.execPath, args: mine.args, cwd: dir },
      },
    });
    expect(await run()).toMatchObject({ ok: true, result: 42 });
  });

  it('bad runner settings are refused naming the field', async () => {
    const { host } = await openWorkspace();
    await expect(
      host.services.workspace.setRuntimeSettings({
        executor: { kind: 'command', command: '', mode: 'pooled' },
      }),
    ).rejects.toThrow(/\$\.runtime\.executor\.command: must NOT have fewer than 1 characters/);
    await expect(
      host.services.runs.start({
        code: '1',
        executor: { kind: 'command', command: 'x', mode: 'sometimes' } as never,
      }),
    ).rejects.toThrow(/request\.executor\.mode must be 'pooled' or 'ephemeral'/);
  });
});
