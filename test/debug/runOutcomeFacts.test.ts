import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveProvider } from '../../src/main/engine/core/resolveProvider';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import { createMockProvider } from '../../src/main/providers/mock/createMockProvider';
import { ManualCallBroker } from '../../src/main/providers/mock/ManualCallBroker';
import type { ProvidersEvent } from '../../src/shared/api/providers';
import type { RunsEvent } from '../../src/shared/api/runs';
import { describeRunOutcome } from '../../src/shared/format';
import type { HostEvent, TranscriptEntry } from '../../src/shared/transcript';
import { createDebugHostHarness } from './debugHostHarness';

const TIMEOUT_MS = 400;

let harness: Awaited<ReturnType<typeof createDebugHostHarness>> | undefined;
const executor = createInProcessExecutor();
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

async function start() {
  harness = await createDebugHostHarness(executor, { timeoutMs: TIMEOUT_MS });
  return harness;
}

const hostEvents = (entries: TranscriptEntry[]): HostEvent[] =>
  entries.flatMap((entry) => (entry.kind === 'event' ? [entry.event] : []));

function finishedEvent(h: NonNullable<typeof harness>, runId: string) {
  return h.waitFor(
    (event): event is Extract<RunsEvent, { type: 'finished' }> =>
      event.channel === 'runs' && event.type === 'finished' && event.runId === runId,
  );
}

describe('the host records why a run ended', () => {
  it("a user's cancel is recorded as the user's, though the wire code stays timeout", async () => {
    const h = await start();
    await h.debug.addBreakpoint({});
    const paused = h.nextPause();
    const { runId } = await h.runs.start({ code: 'await demo.echo(1); "never"' });
    await paused;
    const finished = finishedEvent(h, runId);
    await h.runs.cancel(runId);
    const event = await finished;
    expect(event.result).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(event.facts).toMatchObject({ cancelReason: 'user', timeoutMs: TIMEOUT_MS });
    expect(describeRunOutcome(event.result, event.facts).sentence).toMatch(/^Cancelled after /);
    const last = hostEvents(await h.runs.transcript(runId)).at(-1);
    expect(last).toMatchObject({ type: 'run_finished', cancelReason: 'user' });
    expect((await h.runs.list()).find((run) => run.runId === runId)?.facts?.cancelReason).toBe('user');
  });

  it('a real timeout is recorded as a timeout with its limit', async () => {
    const h = await start();
    const { runId } = await h.runs.start({ code: 'await demo.echo(1); while (true) {}' });
    const event = await finishedEvent(h, runId);
    // The runner may stop the loop itself (no cancel) or the host may cancel it: a timeout either way.
    expect(event.facts).toMatchObject({ timeoutMs: TIMEOUT_MS });
    expect(['timeout', undefined]).toContain(event.facts?.cancelReason);
    expect(describeRunOutcome(event.result, event.facts).sentence).toMatch(
      /^Timed out after .* \(limit 400 ms\)$/,
    );
  });

  it('the host stopping is recorded as such', async () => {
    const h = await start();
    await h.debug.addBreakpoint({});
    const paused = h.nextPause();
    const { runId } = await h.runs.start({ code: 'await demo.echo(1); "never"' });
    await paused;
    const finished = finishedEvent(h, runId);
    await h.dispose();
    harness = undefined;
    expect((await finished).facts?.cancelReason).toBe('host_stopping');
  });

  it('a run that succeeds has no cancel reason', async () => {
    const h = await start();
    const { runId } = await h.runs.start({ code: '1 + 1' });
    const event = await finishedEvent(h, runId);
    expect(event.facts?.cancelReason).toBeUndefined();
    expect(event.facts?.heldMs).toBe(0);
  });
});

describe('time a person holds is never charged to the guest or the tool', () => {
  it('a breakpoint hold shows as held beside the call and the run, not as the call took', async () => {
    // The host's clock moves only when the test moves it: the person holds the call for three
    // times the run's limit, and nothing else takes any time, whatever the machine's load.
    const limitMs = 60_000;
    const holdMs = 3 * limitMs;
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      harness = await createDebugHostHarness(executor, { timeoutMs: limitMs });
      const h = harness;
      await h.debug.addBreakpoint({});
      const paused = h.nextPause();
      const { runId } = await h.runs.start({ code: 'const r = await demo.echo(1); r.echoed' });
      const call = await paused;
      vi.advanceTimersByTime(holdMs);
      const finished = finishedEvent(h, runId);
      await h.debug.resume(call.pauseId, { action: 'continue' });
      const event = await finished;
      expect(event.result).toMatchObject({ ok: true, result: 1 });
      const dispatched = hostEvents(await h.runs.transcript(runId)).find(
        (e) => e.type === 'tool_dispatch_finished',
      );
      if (dispatched?.type !== 'tool_dispatch_finished') throw new Error('no tool_dispatch_finished');
      // The hold is the call's held time; the echo itself took none of it.
      expect(dispatched.heldMs).toBe(holdMs);
      expect(dispatched.durationMs).toBe(0);
      // The run: held for the hold, no guest time charged for it, and wall time includes it.
      expect(event.facts).toMatchObject({ heldMs: holdMs, guestMs: 0, wallMs: holdMs });
      expect(describeRunOutcome(event.result, event.facts).timing).toMatch(/^guest .* · held /);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a manual answer given after more than the timeout succeeds, and counts as held', async () => {
    const h = await start();
    const asked: ProvidersEvent[] = [];
    const broker = new ManualCallBroker((event) => asked.push(event), { personPresent: () => true });
    const desk = createMockProvider(
      { id: 'desk', name: 'desk', kind: 'mock', tools: { approve: { response: { mode: 'manual' } } } },
      broker,
    );
    h.setWorkspaceProviders([resolveProvider(desk)]);
    const { runId } = await h.runs.start({ code: 'const r = await desk.approve({ n: 1 }); r.ok' });
    await expect.poll(() => broker.pending().length, { timeout: 10_000 }).toBe(1);
    await sleep(TIMEOUT_MS * 3);
    const finished = finishedEvent(h, runId);
    broker.answer(broker.pending()[0]!.requestId, { ok: true, result: { ok: 'approved' } });
    const event = await finished;
    expect(event.result).toMatchObject({ ok: true, result: 'approved' });
    expect(event.facts!.heldMs).toBeGreaterThanOrEqual(TIMEOUT_MS * 3);
    expect(asked.some((e) => e.type === 'manual_call')).toBe(true);
  });
});

describe('wrappers keep what the host measured', () => {
  it('secret masking passes the session facts (held time, cancel reason) on', async () => {
    const { withSecretMasking } = await import('../../src/main/secrets/withSecretMasking');
    const seen: unknown[] = [];
    const inner = {
      execute: async (
        _code: string,
        _providers: unknown,
        options?: { hooks?: { onSettled?(f: unknown): void } },
      ) => {
        options?.hooks?.onSettled?.({ heldMs: 1234, cancelReason: 'user' });
        return { ok: true as const, logs: [], durationMs: 1 };
      },
      dispose: async () => {},
    };
    const masker = () => ({ mask: <T>(value: T) => value, maskText: (text: string) => text });
    const wrapped = withSecretMasking(inner as never, masker as never);
    await wrapped.execute('1', [], { hooks: { onSettled: (facts) => seen.push(facts) } });
    expect(seen).toEqual([{ heldMs: 1234, cancelReason: 'user' }]);
  });
});
