import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_RUNNER_ENTRY } from '../../scripts/buildRunnerForTests';
import type { Executor } from '../../src/main/engine/core/types';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import { createWorkerExecutor } from '../../src/main/engine/executors/createWorkerExecutor';
import { createDebugHostHarness } from './debugHostHarness';

const TIMEOUT_MS = 400;

let harness: Awaited<ReturnType<typeof createDebugHostHarness>> | undefined;
let executor: Executor | undefined;
afterEach(async () => {
  await harness?.dispose();
  await executor?.dispose();
  harness = undefined;
  executor = undefined;
});

async function start(kind: 'inprocess' | 'worker') {
  executor =
    kind === 'inprocess'
      ? createInProcessExecutor()
      : createWorkerExecutor({ mode: 'ephemeral', runnerEntryPath: TEST_RUNNER_ENTRY });
  harness = await createDebugHostHarness(executor, { timeoutMs: TIMEOUT_MS });
  return harness;
}

function hostEvents(entries: Awaited<ReturnType<NonNullable<typeof harness>['runs']['transcript']>>) {
  return entries.flatMap((entry) => (entry.kind === 'event' ? [entry.event] : []));
}

describe.each(['inprocess', 'worker'] as const)('breakpoints on real QuickJS runs (%s)', (kind) => {
  it('a run paused longer than its timeout still succeeds after continue', async () => {
    const h = await start(kind);
    await h.debug.addBreakpoint({ providerName: 'demo', toolName: 'echo' });
    const paused = h.nextPause();
    const { runId } = await h.runs.start({ code: 'const r = await demo.echo({ n: 1 }); r.echoed.n + 1' });
    const call = await paused;
    // Held for three times the run's budget: neither the host nor the runner may time out meanwhile.
    await sleep(TIMEOUT_MS * 3);
    const finished = h.finished(runId);
    await h.debug.resume(call.pauseId, { action: 'continue' });
    expect(await finished).toMatchObject({ ok: true, result: 2 });
    const resumed = hostEvents(await h.runs.transcript(runId)).find(
      (event) => event.type === 'breakpoint_resumed',
    );
    expect(resumed).toMatchObject({ action: 'continue' });
    expect(resumed?.type === 'breakpoint_resumed' && resumed.pausedMs).toBeGreaterThan(TIMEOUT_MS);
  });

  it('a CPU loop after a paused call still times out', async () => {
    const h = await start(kind);
    await h.debug.addBreakpoint({});
    const paused = h.nextPause();
    const { runId } = await h.runs.start({ code: 'await demo.echo(1); while (true) {}' });
    const call = await paused;
    await sleep(TIMEOUT_MS * 2);
    const finished = h.finished(runId);
    await h.debug.resume(call.pauseId, { action: 'continue' });
    expect(await finished).toMatchObject({ ok: false, error: { code: 'timeout' } });
  });

  // A cold ephemeral runner may take most of the default 30 s to start on a loaded machine.
  it('cancel works while a call is paused', { timeout: 90_000 }, async () => {
    const h = await start(kind);
    await h.debug.addBreakpoint({});
    const paused = h.nextPause();
    const { runId } = await h.runs.start({ code: 'await demo.echo(1); "never"' });
    await paused;
    const finished = h.finished(runId);
    await h.runs.cancel(runId);
    expect(await finished).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(await h.debug.pausedCalls()).toEqual([]);
  });
});

describe('every breakpoint action on a real run', () => {
  it('edit input: the provider gets the edited input', async () => {
    const h = await start('inprocess');
    await h.debug.addBreakpoint({ condition: 'q == "original"' });
    const paused = h.nextPause();
    const { runId } = await h.runs.start({ code: '(await demo.echo({ q: "original" })).echoed.q' });
    const call = await paused;
    const finished = h.finished(runId);
    await h.debug.resume(call.pauseId, { action: 'edit_input', input: { q: 'edited' } });
    expect(await finished).toMatchObject({ ok: true, result: 'edited' });
    expect(h.providerCalls).toEqual([{ q: 'edited' }]);
    expect(hostEvents(await h.runs.transcript(runId))).toContainEqual({
      type: 'input_edited',
      callId: call.callId,
      input: { q: 'edited' },
    });
  });

  it('answer by hand with an error code: the guest sees that trusted error, the provider is not called', async () => {
    const h = await start('inprocess');
    await h.debug.addBreakpoint({ providerName: 'demo' });
    const paused = h.nextPause();
    const code =
      'try { await demo.echo(1); return "no error"; } catch (error) { return [error.code, error.message]; }';
    const { runId } = await h.runs.start({ code });
    const call = await paused;
    const finished = h.finished(runId);
    await h.debug.resume(call.pauseId, {
      action: 'answer',
      answer: { ok: false, error: { code: 'validation_error', message: 'written by hand' } },
    });
    expect(await finished).toMatchObject({ ok: true, result: ['validation_error', 'written by hand'] });
    const events = hostEvents(await h.runs.transcript(runId));
    expect(events).toContainEqual({ type: 'hand_answered', callId: call.callId, ok: false });
    expect(h.providerCalls).toEqual([]);
  });

  it('answer by hand with a value, and an uncaught hand-written error keeps its code', async () => {
    const h = await start('inprocess');
    await h.debug.addBreakpoint({});
    let paused = h.nextPause();
    let run = await h.runs.start({ code: 'await demo.echo(1)' });
    let finished = h.finished(run.runId);
    await h.debug.resume((await paused).pauseId, {
      action: 'answer',
      answer: { ok: true, result: { by: 'hand' } },
    });
    expect(await finished).toMatchObject({ ok: true, result: { by: 'hand' } });

    paused = h.nextPause();
    run = await h.runs.start({ code: 'await demo.echo(1)' });
    finished = h.finished(run.runId);
    await h.debug.resume((await paused).pauseId, {
      action: 'answer',
      answer: { ok: false, error: { code: 'timeout', message: 'pretend slow' } },
    });
    expect(await finished).toMatchObject({ ok: false, error: { code: 'timeout', message: 'pretend slow' } });
  });

  it('step: dispatches, then stops at the next call', async () => {
    const h = await start('inprocess');
    await h.debug.addBreakpoint({ condition: 'n == 1' });
    let paused = h.nextPause();
    const { runId } = await h.runs.start({
      code: 'await demo.echo({ n: 1 }); await demo.echo({ n: 2 }); "both"',
    });
    const first = await paused;
    paused = h.nextPause();
    await h.debug.resume(first.pauseId, { action: 'step' });
    const second = await paused;
    expect(second).toMatchObject({ reason: 'step', input: { n: 2 } });
    const finished = h.finished(runId);
    await h.debug.resume(second.pauseId, { action: 'continue' });
    expect(await finished).toMatchObject({ ok: true, result: 'both' });
  });

  it('edit result: the guest gets the edited value; a non-JSON edit is refused by the host', async () => {
    const h = await start('inprocess');
    await h.debug.addBreakpoint({});
    let paused = h.nextPause();
    const { runId } = await h.runs.start({ code: '(await demo.echo("x")).echoed' });
    const atCall = await paused;
    paused = h.nextPause();
    await h.debug.resume(atCall.pauseId, { action: 'continue', pauseOnResult: true });
    const atResult = await paused;
    expect(atResult.result).toMatchObject({ ok: true, result: { echoed: 'x' } });
    await expect(
      h.debug.resume(atResult.pauseId, {
        action: 'edit_result',
        result: { ok: true, result: { echoed: 1n } },
      }),
    ).rejects.toThrow(/bigint/);
    const finished = h.finished(runId);
    await h.debug.resume(atResult.pauseId, {
      action: 'edit_result',
      result: { ok: true, result: { echoed: 'edited' } },
    });
    expect(await finished).toMatchObject({ ok: true, result: 'edited' });
    expect(hostEvents(await h.runs.transcript(runId)).map((event) => event.type)).toContain('result_edited');
  });
});
