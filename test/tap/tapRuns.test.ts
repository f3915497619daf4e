import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import type { ProtocolMessage } from '../../src/shared/protocol/messages';
import type { TranscriptEntry } from '../../src/shared/transcript';
import { createDebugHostHarness } from '../debug/debugHostHarness';

type Harness = Awaited<ReturnType<typeof createDebugHostHarness>>;
let harness: Harness;
beforeEach(async () => {
  harness = await createDebugHostHarness(createInProcessExecutor());
});
afterEach(() => harness.dispose());

const OPTIONS = { timeoutMs: 1000, memoryLimitBytes: 67108864, maxLogLines: 100, maxLogChars: 64000 };
const call: ProtocolMessage = {
  type: 'tool_call',
  callId: 'c1',
  providerName: 'tools',
  safeToolName: 'echo',
  input: { n: 1 },
};
const result: ProtocolMessage = { type: 'tool_result', callId: 'c1', ok: true, result: { n: 1 } };
const message = (
  seq: number,
  direction: 'host_to_runner' | 'runner_to_host',
  m: ProtocolMessage,
): TranscriptEntry => ({
  kind: 'message',
  seq,
  at: seq,
  direction,
  message: m,
});
const session: TranscriptEntry[] = [
  message(0, 'host_to_runner', { type: 'execute', id: 'e', code: 'x', options: OPTIONS, providers: [] }),
  message(1, 'runner_to_host', { type: 'started', id: 'e' }),
  message(2, 'runner_to_host', call),
  message(3, 'host_to_runner', result),
  message(4, 'runner_to_host', { type: 'done', id: 'e', ok: true, durationMs: 3, logs: [], result: 2 }),
];

describe('tapped runs in the host (runs.openTap, tapEntries, tapHold, closeTap)', () => {
  it('shows a tapped session as a run with origin "tap" that finishes with its done', async () => {
    const { runId } = await harness.runs.openTap({ name: 'my tap' });
    const started = harness.events.find((e) => e.channel === 'runs' && e.type === 'started');
    expect(started).toMatchObject({ runId, request: { origin: { kind: 'tap', clientName: 'my tap' } } });
    await harness.runs.tapEntries(runId, session);
    const finished = harness.finished(runId);
    await harness.runs.closeTap(runId);
    expect(await finished).toMatchObject({ ok: true, result: 2 });
    const entries = await harness.runs.transcript(runId);
    expect(entries.map((e) => (e.kind === 'message' ? e.message.type : e.event.type))).toEqual([
      'run_started',
      'execute',
      'started',
      'tool_call',
      'tool_result',
      'done',
      'run_finished',
    ]);
    const saved = await harness.debug.saveTranscript(runId, { file: `${harness.dir}/tapped.jsonl` });
    const reopened = await harness.debug.openTranscript({ file: saved.file });
    expect(reopened.problems).toEqual([]);
    expect(reopened.header).toMatchObject({ code: 'x', executor: 'tap' });
  });

  it('forwards at once when no breakpoint matches; holds at a breakpoint until a person decides', async () => {
    const { runId } = await harness.runs.openTap({ name: 't' });
    expect(await harness.runs.tapHold(runId, { direction: 'runner_to_host', message: call })).toEqual({
      action: 'forward',
    });
    await harness.debug.addBreakpoint({ providerName: 'tools' });
    const paused = harness.nextPause();
    const decision = harness.runs.tapHold(runId, { direction: 'runner_to_host', message: call });
    const held = await paused;
    expect(held).toMatchObject({ phase: 'call', tap: { direction: 'runner_to_host', message: call } });
    await expect(
      harness.debug.resume(held.pauseId, { action: 'answer', answer: { ok: true } }),
    ).rejects.toThrow(/must be one of continue, step, edit_input, edit_message, drop/);
    await harness.debug.resume(held.pauseId, { action: 'continue', pauseOnResult: true });
    expect(await decision).toEqual({ action: 'forward' });

    const resultPaused = harness.nextPause();
    const resultDecision = harness.runs.tapHold(runId, { direction: 'host_to_runner', message: result });
    const heldResult = await resultPaused;
    expect(heldResult).toMatchObject({ phase: 'result', result: { ok: true, result: { n: 1 } } });
    await expect(
      harness.debug.resume(heldResult.pauseId, {
        action: 'edit_message',
        message: { type: 'tool_result', ok: 1 },
      }),
    ).rejects.toThrow(/the edited message is not a valid protocol message: tool_result.callId/);
    await expect(
      harness.debug.resume(heldResult.pauseId, { action: 'edit_message', message: call }),
    ).rejects.toThrow(/not valid from the host/);
    const edited = { type: 'tool_result', callId: 'c1', ok: true, result: 'edited' };
    await harness.debug.resume(heldResult.pauseId, { action: 'edit_message', message: edited });
    expect(await resultDecision).toEqual({ action: 'replace', message: edited });
  });

  it('drops a held message, and edits a call input into a whole tool_call', async () => {
    const { runId } = await harness.runs.openTap({ name: 't' });
    await harness.debug.addBreakpoint({ providerName: 'tools', toolName: 'echo' });
    let paused = harness.nextPause();
    let decision = harness.runs.tapHold(runId, { direction: 'runner_to_host', message: call });
    await harness.debug.resume((await paused).pauseId, { action: 'drop' });
    expect(await decision).toEqual({ action: 'drop' });
    paused = harness.nextPause();
    decision = harness.runs.tapHold(runId, { direction: 'runner_to_host', message: call });
    await harness.debug.resume((await paused).pauseId, { action: 'edit_input', input: { n: 9 } });
    expect(await decision).toEqual({ action: 'replace', message: { ...call, input: { n: 9 } } });
  });

  it('holds the host’s answer to an edited tool_call too, as after a plain forward', async () => {
    const { runId } = await harness.runs.openTap({ name: 't' });
    await harness.debug.addBreakpoint({ providerName: 'tools', toolName: 'echo' });
    const paused = harness.nextPause();
    const decision = harness.runs.tapHold(runId, { direction: 'runner_to_host', message: call });
    const edited = { ...call, input: { n: 2 } };
    await harness.debug.resume((await paused).pauseId, {
      action: 'edit_message',
      message: edited,
      pauseOnResult: true,
    });
    expect(await decision).toEqual({ action: 'replace', message: edited });
    const resultPaused = harness.nextPause();
    const resultDecision = harness.runs.tapHold(runId, { direction: 'host_to_runner', message: result });
    const heldResult = await resultPaused;
    expect(heldResult).toMatchObject({ phase: 'result', callId: 'c1', tap: { message: result } });
    await harness.debug.resume(heldResult.pauseId, { action: 'continue' });
    expect(await resultDecision).toEqual({ action: 'forward' });

    // An edit that renames the call: the host's answer to the new callId is the one held.
    const second = { ...call, callId: 'c2' };
    const renamedPause = harness.nextPause();
    const renamed = harness.runs.tapHold(runId, { direction: 'runner_to_host', message: second });
    await harness.debug.resume((await renamedPause).pauseId, {
      action: 'edit_message',
      message: { ...second, callId: 'c3' },
      pauseOnResult: true,
    });
    expect(await renamed).toMatchObject({ action: 'replace', message: { callId: 'c3' } });
    const answerPause = harness.nextPause();
    const answer = harness.runs.tapHold(runId, {
      direction: 'host_to_runner',
      message: { ...result, callId: 'c3' },
    });
    expect(await answerPause).toMatchObject({ phase: 'result', callId: 'c3' });
    await harness.debug.resume((await answerPause).pauseId, { action: 'drop' });
    expect(await answer).toEqual({ action: 'drop' });
  });

  it('lets a person stop watching with Cancel: held messages go on unchanged', async () => {
    const { runId } = await harness.runs.openTap({ name: 't' });
    await harness.debug.addBreakpoint({});
    const paused = harness.nextPause();
    const decision = harness.runs.tapHold(runId, { direction: 'runner_to_host', message: call });
    await paused;
    const finished = harness.finished(runId);
    await harness.runs.cancel(runId);
    expect(await decision).toEqual({ action: 'forward' });
    expect(await finished).toMatchObject({
      ok: false,
      error: { message: /tapped programs were not stopped/ },
    });
    await expect(harness.runs.tapEntries(runId, [])).rejects.toThrow('this tapped run has finished');
  });

  it('refuses bad input from a tap with what and where, and changes nothing', async () => {
    await expect(harness.runs.openTap({ name: '' })).rejects.toThrow('non-empty name');
    await expect(harness.runs.openTap({ name: 'x'.repeat(201) })).rejects.toThrow('longer than 200');
    await expect(harness.runs.openTap(null as never)).rejects.toThrow('openTap takes { name: string }');
    const { runId } = await harness.runs.openTap({ name: 't' });
    await expect(harness.runs.tapEntries(runId, 'nope' as never)).rejects.toThrow('entries must be an array');
    await expect(
      harness.runs.tapEntries(runId, [
        session[0]!,
        { ...session[1]!, message: { type: 'started' } } as never,
      ]),
    ).rejects.toThrow(/^entries\[1\]: entry.message: started.id/);
    await expect(harness.runs.tapEntries(runId, new Array(10_001).fill(session[0]))).rejects.toThrow(
      'send them in parts',
    );
    await expect(
      harness.runs.tapHold(runId, {
        direction: 'runner_to_host',
        message: session[4]!.kind === 'message' ? session[4]!.message : call,
      }),
    ).rejects.toThrow('holds only tool_call and tool_result');
    await expect(harness.runs.tapHold(runId, { direction: 'host_to_runner', message: call })).rejects.toThrow(
      'not valid from the host',
    );
    await expect(
      harness.runs.tapHold(runId, { direction: 'sideways', message: call } as never),
    ).rejects.toThrow('direction must be');
    expect((await harness.runs.transcript(runId)).length).toBe(1);
    const app = await harness.runs.start({ code: 'return 1' });
    await harness.finished(app.runId);
    await expect(harness.runs.tapEntries(app.runId, [])).rejects.toThrow('not opened by a tap');
    await expect(harness.runs.closeTap('no-such-run')).rejects.toThrow('no run with id');
  });
});
