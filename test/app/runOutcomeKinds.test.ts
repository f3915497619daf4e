import path from 'node:path';
import { describe, expect, it, type TestContext } from 'vitest';
import { createPlaygroundHost, type PlaygroundHost } from '../../src/main/app/createPlaygroundHost';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import type { RunsEvent } from '../../src/shared/api/runs';
import { describeRunOutcome } from '../../src/shared/format';
import { runFactsFromTranscript } from '../../src/shared/runFactsFromTranscript';
import { MCP_FIXTURE } from '../providers/startMcpFixture';
import { startHost, tempDir, writeWorkspace } from '../workspace/hostFixture';

/** A host whose workspace has the fixture MCP server (3 s request timeout), disposed after the test. */
async function fixtureHost(onTestFinished: TestContext['onTestFinished']): Promise<PlaygroundHost> {
  const dir = await tempDir();
  const file = await writeWorkspace(path.join(dir, 'kinds.execbox.json'), {
    providers: [
      {
        id: 'f',
        name: 'fixture',
        kind: 'mcp',
        transport: { type: 'stdio', command: process.execPath, args: [MCP_FIXTURE, '--stdio'] },
        requestTimeoutMs: 3_000,
      },
    ],
  });
  const { host: workspaceHost } = await startHost({ workspacePath: file, trustAll: true });
  const host = createPlaygroundHost({ workspaceHost, createExecutor: () => createInProcessExecutor() });
  onTestFinished(() => host.dispose());
  return host;
}

async function run(h: PlaygroundHost, code: string, limits: Record<string, number> = { timeoutMs: 60_000 }) {
  // A refused run finishes before start() answers: keep every finished event until the id is known.
  const seen = new Map<string, Extract<RunsEvent, { type: 'finished' }>>();
  let wanted: ((event: Extract<RunsEvent, { type: 'finished' }>) => void) | undefined;
  h.onEvent((event) => {
    if (event.channel !== 'runs' || event.type !== 'finished') return;
    seen.set(event.runId, event);
    wanted?.(event);
  });
  const { runId } = await h.services.runs.start({ code, limits });
  const event = await new Promise<Extract<RunsEvent, { type: 'finished' }>>((resolve) => {
    const known = seen.get(runId);
    if (known) return resolve(known);
    wanted = (finished) => finished.runId === runId && resolve(finished);
  });
  return { runId, event };
}

describe(
  'the host records what ended a run, so its outcome is told in the right words',
  { timeout: 60_000 },
  () => {
    it("an uncaught MCP request timeout is the tool's limit, not the run's", async ({ onTestFinished }) => {
      const h = await fixtureHost(onTestFinished);
      const { runId, event } = await run(h, 'await fixture.hang({}); return "never";');
      expect(event.result).toMatchObject({ ok: false, error: { code: 'timeout' } });
      expect(event.facts?.cancelReason).toBeUndefined();
      expect(event.facts?.failedCall).toMatchObject({
        providerName: 'fixture',
        toolName: 'hang',
        toolLimitMs: 3_000,
      });
      const text = describeRunOutcome(event.result, event.facts);
      expect(text.kind).toBe('tool_timed_out');
      expect(text.headline).toBe('Tool fixture.hang did not answer in time (its limit is 3 s)');
      // The transcript alone tells the same story (a saved run, a replay's list).
      const saved = runFactsFromTranscript(await h.services.runs.transcript(runId));
      expect(describeRunOutcome(event.result, saved).kind).toBe('tool_timed_out');
      const summary = (await h.services.runs.list()).find((r) => r.runId === runId);
      expect(summary?.origin).toEqual({ kind: 'person' });
    });

    it('a caught tool timeout is the program going on: the run succeeds', async ({ onTestFinished }) => {
      const h = await fixtureHost(onTestFinished);
      const { event } = await run(h, 'try { await fixture.hang({}); } catch (e) { return e.code; }');
      expect(event.result).toMatchObject({ ok: true, result: 'timeout' });
      expect(event.facts?.failedCall).toBeUndefined();
    });

    it('an uncaught tool error names the tool; a guest error is the program', async ({ onTestFinished }) => {
      const h = await fixtureHost(onTestFinished);
      const tool = await run(h, 'await fixture.fails({});');
      expect(tool.event.facts?.failedCall).toMatchObject({ providerName: 'fixture', toolName: 'fails' });
      expect(describeRunOutcome(tool.event.result, tool.event.facts).headline).toMatch(
        /: fixture\.fails failed$/,
      );
      const guest = await run(h, 'throw new Error("mine")');
      expect(describeRunOutcome(guest.event.result, guest.event.facts).kind).toBe('guest_error');
    });

    it('a setting out of range is refused where it enters, naming the field, never internal_error', async ({
      onTestFinished,
    }) => {
      const h = await fixtureHost(onTestFinished);
      // A run request's limits are checked at the boundary (the stored settings by the workspace schema).
      await expect(
        h.services.runs.start({ code: 'return 1', limits: { maxLogChars: 10_000_000 } }),
      ).rejects.toThrow('request.limits.maxLogChars must be an integer from 0 to 4000000 (got 10000000)');
      await expect(
        h.services.workspace.setRuntimeSettings({ limits: { maxLogChars: 10_000_000 } }),
      ).rejects.toThrow(/maxLogChars/);
      // What a run extension sets past the range is the run's validation_error, in the field's words.
      expect(
        describeRunOutcome(
          { ok: false, error: { code: 'validation_error', message: 'x' }, durationMs: 0 },
          { refusedOption: 'maxLogChars' },
        ).kind,
      ).toBe('refused');
    });
  },
);
