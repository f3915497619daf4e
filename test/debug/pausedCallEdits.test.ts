import { afterEach, describe, expect, it } from 'vitest';
import { checkResumeAction } from '../../src/main/services/debug/checkResumeAction';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import { collectTranscriptCalls } from '../../src/shared/transcriptCalls';
import { createDebugHostHarness } from './debugHostHarness';

let harness: Awaited<ReturnType<typeof createDebugHostHarness>> | undefined;
afterEach(async () => {
  await harness?.dispose();
  harness = undefined;
});

describe('no edit of a paused call is dropped', () => {
  it('an edited input sent with step reaches the provider, and the next call pauses', async () => {
    const h = (harness = await createDebugHostHarness(createInProcessExecutor()));
    await h.debug.addBreakpoint({ condition: 'q == "first"' });
    let paused = h.nextPause();
    const { runId } = await h.runs.start({
      code: 'const a = await demo.echo({ q: "first" });\nconst b = await demo.echo({ q: "second" });\n[a.echoed.q, b.echoed.q]',
    });
    const first = await paused;
    paused = h.nextPause();
    await h.debug.resume(first.pauseId, { action: 'edit_input', input: { q: 'edited' }, step: true });
    const second = await paused;
    expect(second).toMatchObject({ reason: 'step', input: { q: 'second' } });
    const finished = h.finished(runId);
    await h.debug.resume(second.pauseId, { action: 'continue' });
    expect(await finished).toMatchObject({ ok: true, result: ['edited', 'second'] });
    expect(h.providerCalls).toEqual([{ q: 'edited' }, { q: 'second' }]);

    // Step-through and the transcript show what was sent, with the guest's original beside it.
    const calls = collectTranscriptCalls(await h.runs.transcript(runId));
    expect(calls[0]).toMatchObject({ input: { q: 'first' }, sentInput: { value: { q: 'edited' } } });
    expect(calls[0]!.marks).toContain('input_edited');
    expect(calls[1]!.sentInput).toBeUndefined();
  });

  it('refuses a step flag that is not a boolean, and never adds one that was not asked for', () => {
    expect(() => checkResumeAction({ action: 'edit_input', input: 1, step: 'yes' }, 'call')).toThrow(
      /step must be a boolean/,
    );
    expect(checkResumeAction({ action: 'edit_input', input: 1, step: false }, 'call')).toEqual({
      action: 'edit_input',
      input: 1,
    });
    expect(() => checkResumeAction({ action: 'edit_input', input: 1, step: true }, 'result')).toThrow(
      /must be one of/,
    );
  });
});
