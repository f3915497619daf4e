import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import { createDebugHostHarness } from './debugHostHarness';

const CODE =
  'const a = await demo.echo({ q: 1 });\nconst b = await demo.echo({ q: 2 });\n[a.echoed, b.echoed]';

let harness: Awaited<ReturnType<typeof createDebugHostHarness>>;
let recordedRunId: string;

beforeAll(async () => {
  harness = await createDebugHostHarness(createInProcessExecutor());
  const { runId } = await harness.runs.start({ code: CODE });
  await harness.finished(runId);
  recordedRunId = runId;
});
afterAll(async () => harness?.dispose());

describe("replaying the editor's code against a recording", () => {
  it('runs the given code, not the recorded one, and matches when it makes the same calls', async () => {
    const callsBefore = harness.providerCalls.length;
    const edited = 'const out = [];\nfor (const q of [1, 2]) out.push((await demo.echo({ q })).echoed);\nout';
    const { runId } = await harness.debug.replay({ runId: recordedRunId }, 'recording', { code: edited });
    const checked = harness.replayChecked(runId);
    expect(await harness.finished(runId)).toMatchObject({ ok: true, result: [{ q: 1 }, { q: 2 }] });
    expect(await checked).toMatchObject({ ok: true });
    expect((await harness.runs.list()).find((run) => run.runId === runId)).toBeDefined();
    // Every answer came from the recording.
    expect(harness.providerCalls.length).toBe(callsBefore);
  });

  it('flags and pauses at the first call that differs, on that call', async () => {
    const paused = harness.nextPause();
    const { runId } = await harness.debug.replay({ runId: recordedRunId }, 'recording', {
      code: CODE.replace('q: 2', 'q: 3'),
    });
    const call = await paused;
    expect(call).toMatchObject({ runId, reason: 'diverged', toolName: 'echo', input: { q: 3 } });
    expect(call.detail).toContain('demo.echo({"q":3})');
    const entries = await harness.runs.transcript(runId);
    const diverged = entries.find((e) => e.kind === 'event' && e.event.type === 'replay_diverged');
    const callMessage = entries.find(
      (e) =>
        e.kind === 'message' &&
        e.message.type === 'tool_call' &&
        e.message.input !== undefined &&
        JSON.stringify(e.message.input) === '{"q":3}',
    );
    expect(diverged?.kind === 'event' && 'callId' in diverged.event && diverged.event.callId).toBe(
      callMessage?.kind === 'message' &&
        callMessage.message.type === 'tool_call' &&
        callMessage.message.callId,
    );
    const checked = harness.replayChecked(runId);
    await harness.debug.resume(call.pauseId, {
      action: 'answer',
      answer: { ok: true, result: { echoed: 3 } },
    });
    expect(await checked).toMatchObject({ ok: false, reason: expect.stringContaining('demo.echo({"q":3})') });
  });

  it('refuses code that is not a string, code for a live re-run, and options that are not an object', async () => {
    const source = { runId: recordedRunId };
    await expect(harness.debug.replay(source, 'recording', { code: 42 } as never)).rejects.toThrow(
      /options\.code must be a string/,
    );
    await expect(harness.debug.replay(source, 'live', { code: '1' })).rejects.toThrow(
      /only be replayed against the recording/,
    );
    await expect(harness.debug.replay(source, 'recording', 'code' as never)).rejects.toThrow(
      /must be an object/,
    );
    await expect(
      harness.debug.replay(source, 'recording', { code: 'x'.repeat(5_000_000) }),
    ).rejects.toThrow();
  });
});
