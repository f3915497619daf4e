import path from 'node:path';
import { describe, expect, it, type TestContext } from 'vitest';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import { createPlaygroundHost, type PlaygroundHost } from '../../src/main/app/createPlaygroundHost';
import type { McpProviderConfig } from '../../src/shared/api/providers';
import type { ExecuteResult } from '../../src/shared/executeResult';
import { checkTranscriptEntry } from '../../src/shared/transcriptEntryCheck';
import { describeEntries, TranscriptRowsBuilder } from '../../src/shared/view/describeEntries';
import { startHost, tempDir, writeWorkspace } from '../workspace/hostFixture';
import { serverEverythingStdio } from '../support/serverEverything';

/** A host with server-everything, disposed when the test that opened it ends (tests may run concurrently). */
async function everythingHost(
  onTestFinished: TestContext['onTestFinished'],
  limits: Partial<McpProviderConfig> = { requestTimeoutMs: 20_000 },
): Promise<PlaygroundHost> {
  const dir = await tempDir();
  const file = await writeWorkspace(path.join(dir, 'progress.execbox.json'), {
    providers: [
      {
        id: 'ev',
        name: 'everything',
        kind: 'mcp',
        transport: serverEverythingStdio(),
        ...limits,
      },
    ],
  });
  const { host: workspaceHost } = await startHost({ workspacePath: file, trustAll: true });
  const host = createPlaygroundHost({ workspaceHost, createExecutor: () => createInProcessExecutor() });
  onTestFinished(() => host.dispose());
  return host;
}

describe(
  'MCP progress notifications in the run transcript (server-everything over stdio)',
  { timeout: 90_000 },
  () => {
    it('records each progress notification of trigger-long-running-operation as a tool_progress event', async ({
      onTestFinished,
    }) => {
      const h = await everythingHost(onTestFinished);
      const finished = new Promise<unknown>((resolve) =>
        h.onEvent((event) => event.channel === 'runs' && event.type === 'finished' && resolve(event.result)),
      );
      const { runId } = await h.services.runs.start({
        code: 'const r = await everything.trigger_long_running_operation({ duration: 3, steps: 3 }); return "done";',
        limits: { timeoutMs: 60_000 },
      });
      expect(await finished).toMatchObject({ ok: true, result: 'done' });

      const entries = await h.services.runs.transcript(runId);
      const call = entries.find((entry) => entry.kind === 'message' && entry.message.type === 'tool_call');
      const callId = call?.kind === 'message' && call.message.type === 'tool_call' ? call.message.callId : '';
      const progress = entries.flatMap((entry) =>
        entry.kind === 'event' && entry.event.type === 'tool_progress' ? [entry.event] : [],
      );
      // The SDK drops a progress notification that reaches the client together with the call's
      // response (its handler runs after the response removed the call), so the last may be missing.
      expect(progress.slice(0, 2)).toEqual([
        { type: 'tool_progress', callId, progress: 1, total: 3 },
        { type: 'tool_progress', callId, progress: 2, total: 3 },
      ]);
      expect(progress.length).toBeLessThanOrEqual(3);
      // Recorded progress survives a save and load, and reads as a note on its row.
      for (const entry of entries)
        expect(checkTranscriptEntry(JSON.parse(JSON.stringify(entry))).ok).toBe(true);
      const rows = describeEntries(entries);
      expect(rows.filter((row) => row.type === 'tool_progress').map((row) => row.note)).toContain(
        'progress 2/3',
      );
    });
  },
);

/** Runs `code` and returns its result and the progress events recorded for it. */
async function runWithProgress(h: PlaygroundHost, code: string) {
  const finished = new Promise<ExecuteResult>((resolve) =>
    h.onEvent((event) => event.channel === 'runs' && event.type === 'finished' && resolve(event.result)),
  );
  const { runId } = await h.services.runs.start({ code, limits: { timeoutMs: 120_000 } });
  const result = await finished;
  const entries = await h.services.runs.transcript(runId);
  const progress = entries.filter((entry) => entry.kind === 'event' && entry.event.type === 'tool_progress');
  return { result, progress };
}

describe.concurrent(
  'the request timeout with progress (server-everything over stdio)',
  { timeout: 120_000 },
  () => {
    // The request timeout also bounds starting the server, so it stays at 8 s for a loaded machine.
    // A step every 0.5 s: each progress report restarts it.
    const longCall = (seconds: number) =>
      `return await everything.trigger_long_running_operation({ duration: ${seconds}, steps: ${seconds * 2} });`;

    it('lets a call run past the request timeout while progress keeps coming', async ({
      onTestFinished,
      expect,
    }) => {
      const h = await everythingHost(onTestFinished, { requestTimeoutMs: 8_000 });
      const { result, progress } = await runWithProgress(h, longCall(11));
      expect(result).toMatchObject({ ok: true });
      expect(JSON.stringify(result)).toContain('Long running operation completed');
      expect(progress.length).toBeGreaterThanOrEqual(21);
    });

    it('fails the call past the maximum total, says why, and keeps the connection', async ({
      onTestFinished,
      expect,
    }) => {
      const h = await everythingHost(onTestFinished, { requestTimeoutMs: 8_000, maxTotalTimeoutMs: 10_000 });
      const { result, progress } = await runWithProgress(
        h,
        `try { ${longCall(20)} } catch (e) { return { code: e.code, message: e.message }; }`,
      );
      expect(result).toMatchObject({
        ok: true,
        result: { code: 'timeout', message: expect.stringContaining('maximum total of 10000 ms') },
      });
      expect(progress.length).toBeGreaterThanOrEqual(8);
      expect(progress.length).toBeLessThan(40);
      // The server was still reporting progress, so it is not treated as hung: no reconnect.
      const [status] = await h.services.providers.list();
      expect(status).toMatchObject({ state: 'ready' });
      expect(status!.error).toBeUndefined();
      const again = await runWithProgress(h, 'return await everything.echo({ message: "still here" });');
      expect(JSON.stringify(again.result)).toContain('still here');
    });

    it('still times out a call without progress at the request timeout', async ({
      onTestFinished,
      expect,
    }) => {
      const h = await everythingHost(onTestFinished, { requestTimeoutMs: 8_000, maxTotalTimeoutMs: 60_000 });
      // One step of 14 s: no progress before the 8 s request timeout.
      const { result } = await runWithProgress(
        h,
        'try { await everything.trigger_long_running_operation({ duration: 14, steps: 1 }); } catch (e) { return { code: e.code, message: e.message }; }',
      );
      expect(result).toMatchObject({
        ok: true,
        result: { code: 'timeout', message: expect.stringContaining('within 8000 ms') },
      });
    });
  },
);

describe('tool_progress transcript entries', () => {
  const entry = (event: Record<string, unknown>) => ({ kind: 'event', seq: 1, at: 2, event });

  it('are rejected when the call or the amount is missing or of the wrong type', () => {
    expect(
      checkTranscriptEntry(entry({ type: 'tool_progress', callId: 'c', progress: 1, total: 2 })).ok,
    ).toBe(true);
    for (const bad of [
      { type: 'tool_progress', callId: 'c' },
      { type: 'tool_progress', callId: 'c', progress: '1' },
      { type: 'tool_progress', progress: 1 },
    ]) {
      const checked = checkTranscriptEntry(entry(bad));
      expect(checked.ok).toBe(false);
      if (!checked.ok) expect(checked.reason).toMatch(/entry\.event\.(progress|callId)/);
    }
  });

  it('show the latest progress on the call row until its result arrives', () => {
    const call = {
      kind: 'message' as const,
      seq: 0,
      at: 0,
      direction: 'runner_to_host' as const,
      message: {
        type: 'tool_call' as const,
        id: 'e',
        callId: 'c',
        providerName: 'p',
        safeToolName: 't',
        input: {},
      },
    };
    const progress = (n: number, message?: string) => ({
      kind: 'event' as const,
      seq: n,
      at: n,
      event: { type: 'tool_progress' as const, callId: 'c', progress: n, ...(message ? { message } : {}) },
    });
    const builder = new TranscriptRowsBuilder();
    const running = [call, progress(1), progress(2, 'halfway')];
    const rows = builder.update(running);
    expect(rows[0]).toMatchObject({ note: 'progress 2: halfway', progress: { progress: 2 } });
    expect(builder.runningProgress()).toBe(rows[0]);

    const result = {
      kind: 'message' as const,
      seq: 3,
      at: 3,
      direction: 'host_to_runner' as const,
      message: { type: 'tool_result' as const, id: 'e', callId: 'c', ok: true as const, result: 1 },
    };
    const done = builder.update([...running, result]);
    // Finished: the call's row shows its outcome, not a stale "progress 2"; the progress rows stay.
    expect(done[0]).toMatchObject({ note: '', outcome: 'ok' });
    expect(done[0]!.progress).toBeUndefined();
    expect(done.filter((row) => row.type === 'tool_progress')).toHaveLength(2);
    expect(builder.runningProgress()).toBeUndefined();
  });
});
