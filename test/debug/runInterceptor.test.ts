import { describe, expect, it } from 'vitest';
import { createRecordingAnswers } from '../../src/main/services/debug/createRecordingAnswers';
import { InvalidArgumentError } from '../../src/shared/rpc/invalidArgumentError';
import type { ProtocolMessage } from '../../src/shared/protocol/messages';
import type { TranscriptEntry } from '../../src/shared/transcript';
import { createRunInterceptorHarness } from './runInterceptorHarness';

describe('run interceptor: breakpoints', () => {
  it('passes calls straight through when no breakpoint matches', async () => {
    const h = createRunInterceptorHarness();
    h.breakpoints.add({ providerName: 'other' });
    await expect(h.call('demo', 'echo', { a: 1 })).resolves.toEqual({
      ok: true,
      result: { echoed: { a: 1 } },
    });
    expect(h.events).toEqual([]);
    expect(h.clockLog).toEqual([]);
  });

  it('holds a call on a provider breakpoint until continue, with the clock paused meanwhile', async () => {
    const h = createRunInterceptorHarness();
    h.breakpoints.add({ providerName: 'demo' });
    const result = h.call('demo', 'echo', { a: 1 });
    const paused = await h.nextPause();
    expect(paused).toMatchObject({
      runId: 'run-1',
      providerName: 'demo',
      toolName: 'echo',
      phase: 'call',
      reason: 'breakpoint',
      input: { a: 1 },
    });
    expect(h.dispatched).toEqual([]);
    expect(h.clockLog).toEqual(['pause']);
    expect(h.pauses.list()).toHaveLength(1);
    h.pauses.resume(paused.pauseId, { action: 'continue' });
    await expect(result).resolves.toEqual({ ok: true, result: { echoed: { a: 1 } } });
    expect(h.clockLog).toEqual(['pause', 'resume']);
    expect(h.eventTypes()).toEqual(['breakpoint_hit', 'breakpoint_resumed']);
    expect(h.pauses.list()).toEqual([]);
  });

  it('breaks on a chosen tool only, and on input conditions', async () => {
    const h = createRunInterceptorHarness();
    h.breakpoints.add({ providerName: 'demo', toolName: 'add' });
    h.breakpoints.add({ condition: 'q == "stop"' });
    await h.call('demo', 'echo', { q: 'go' });
    expect(h.pauses.list()).toEqual([]);
    const add = h.call('demo', 'add', { a: 1 });
    h.pauses.resume((await h.nextPause()).pauseId, { action: 'continue' });
    await add;
    const stop = h.call('demo', 'echo', { q: 'stop' });
    const paused = await h.nextPause();
    expect(paused.input).toEqual({ q: 'stop' });
    h.pauses.resume(paused.pauseId, { action: 'continue' });
    await stop;
  });

  it('ignores disabled breakpoints', async () => {
    const h = createRunInterceptorHarness();
    const bp = h.breakpoints.add({});
    h.breakpoints.update(bp.id, { enabled: false });
    await h.call('demo', 'echo', 1);
    expect(h.events).toEqual([]);
  });

  it('step dispatches and breaks on the next call even without a breakpoint there', async () => {
    const h = createRunInterceptorHarness();
    h.breakpoints.add({ toolName: 'first', providerName: 'demo' });
    const first = h.call('demo', 'first');
    h.pauses.resume((await h.nextPause()).pauseId, { action: 'step' });
    await first;
    const second = h.call('demo', 'second', 2);
    const paused = await h.nextPause();
    expect(paused).toMatchObject({ toolName: 'second', reason: 'step' });
    h.pauses.resume(paused.pauseId, { action: 'continue' });
    await second;
    await h.call('demo', 'third');
    expect(h.dispatched).toHaveLength(3);
    expect(h.pauses.list()).toEqual([]);
  });

  it('dispatches an edited input and marks it in the transcript', async () => {
    const h = createRunInterceptorHarness();
    h.breakpoints.add({});
    const result = h.call('demo', 'echo', { q: 'old' });
    h.pauses.resume((await h.nextPause()).pauseId, { action: 'edit_input', input: { q: 'new' } });
    await expect(result).resolves.toEqual({ ok: true, result: { echoed: { q: 'new' } } });
    expect(h.dispatched).toEqual([{ input: { q: 'new' } }]);
    expect(h.events).toContainEqual({ type: 'input_edited', callId: 'call-1', input: { q: 'new' } });
  });

  it('answers by hand with a result or an error code without calling the provider', async () => {
    const h = createRunInterceptorHarness();
    h.breakpoints.add({});
    const ok = h.call('demo', 'echo', 1);
    h.pauses.resume((await h.nextPause()).pauseId, {
      action: 'answer',
      answer: { ok: true, result: 'by hand' },
    });
    await expect(ok).resolves.toEqual({ ok: true, result: 'by hand' });
    const failed = h.call('demo', 'echo', 2);
    h.pauses.resume((await h.nextPause()).pauseId, {
      action: 'answer',
      answer: { ok: false, error: { code: 'validation_error', message: 'nope' } },
    });
    await expect(failed).resolves.toEqual({
      ok: false,
      error: { code: 'validation_error', message: 'nope' },
    });
    expect(h.dispatched).toEqual([]);
    expect(h.events.filter((event) => event.type === 'hand_answered')).toEqual([
      { type: 'hand_answered', callId: 'call-1', ok: true },
      { type: 'hand_answered', callId: 'call-2', ok: false },
    ]);
  });

  it('holds the real result for editing when asked, and marks the edit', async () => {
    const h = createRunInterceptorHarness();
    h.breakpoints.add({});
    const result = h.call('demo', 'echo', 'x');
    h.pauses.resume((await h.nextPause()).pauseId, { action: 'continue', pauseOnResult: true });
    const atResult = await h.nextPause();
    expect(atResult).toMatchObject({ phase: 'result', result: { ok: true, result: { echoed: 'x' } } });
    expect(h.dispatched).toHaveLength(1);
    h.pauses.resume(atResult.pauseId, { action: 'edit_result', result: { ok: true, result: 'edited' } });
    await expect(result).resolves.toEqual({ ok: true, result: 'edited' });
    expect(h.eventTypes()).toEqual([
      'breakpoint_hit',
      'breakpoint_resumed',
      'breakpoint_hit',
      'breakpoint_resumed',
      'result_edited',
    ]);
    expect(h.clockLog).toEqual(['pause', 'resume', 'pause', 'resume']);
  });

  it('refuses actions that do not fit the phase or carry bad values, and keeps holding', async () => {
    const h = createRunInterceptorHarness();
    h.breakpoints.add({});
    const result = h.call('demo', 'echo', 1);
    const paused = await h.nextPause();
    expect(() => h.pauses.resume(paused.pauseId, { action: 'edit_result', result: { ok: true } })).toThrow(
      InvalidArgumentError,
    );
    expect(() =>
      h.pauses.resume(paused.pauseId, {
        action: 'answer',
        answer: { ok: false, error: { code: 'made_up', message: '' } },
      }),
    ).toThrow(/error codes/);
    expect(() =>
      h.pauses.resume(paused.pauseId, { action: 'edit_input', input: { when: new Date() } }),
    ).toThrow(/input\.when/);
    expect(() => h.pauses.resume('pause-404', { action: 'continue' })).toThrow(/no paused call/);
    expect(h.pauses.list()).toHaveLength(1);
    h.pauses.resume(paused.pauseId, { action: 'continue' });
    await result;
  });

  it('releases a held call when the run is cancelled, resuming the clock', async () => {
    const h = createRunInterceptorHarness();
    h.breakpoints.add({});
    const result = h.call('demo', 'echo', 1);
    await h.nextPause();
    h.controller.abort();
    await expect(result).resolves.toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(h.pauses.list()).toEqual([]);
    expect(h.dispatched).toEqual([]);
    expect(h.clockLog).toEqual(['pause', 'resume']);
  });

  it('keeps the clock paused until the last of several parallel held calls resumes', async () => {
    const h = createRunInterceptorHarness();
    h.breakpoints.add({});
    const a = h.call('demo', 'a');
    const b = h.call('demo', 'b');
    const first = await h.nextPause();
    const second = await h.nextPause();
    expect(h.clockLog).toEqual(['pause']);
    h.pauses.resume(first.pauseId, { action: 'continue' });
    await a;
    expect(h.clockLog).toEqual(['pause']);
    h.pauses.resume(second.pauseId, { action: 'continue' });
    await b;
    expect(h.clockLog).toEqual(['pause', 'resume']);
  });
});

function recording(): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [];
  const push = (direction: 'host_to_runner' | 'runner_to_host', message: ProtocolMessage) =>
    entries.push({ kind: 'message', seq: entries.length, at: entries.length, direction, message });
  push('runner_to_host', {
    type: 'tool_call',
    callId: 'c1',
    providerName: 'demo',
    safeToolName: 'echo',
    input: { n: 1 },
  });
  push('runner_to_host', {
    type: 'tool_call',
    callId: 'c2',
    providerName: 'demo',
    safeToolName: 'echo',
    input: { n: 2 },
  });
  push('host_to_runner', { type: 'tool_result', callId: 'c2', ok: true, result: 'two' });
  push('host_to_runner', {
    type: 'tool_result',
    callId: 'c1',
    ok: false,
    error: { code: 'tool_error', message: 'one failed' },
  });
  return entries;
}

describe('run interceptor: replay against a recording', () => {
  it('answers each call from the recording by provider, tool and input, in any order', async () => {
    const h = createRunInterceptorHarness({
      answers: createRecordingAnswers(recording()),
      pauseOnDivergence: true,
    });
    await expect(h.call('demo', 'echo', { n: 2 })).resolves.toEqual({ ok: true, result: 'two' });
    await expect(h.call('demo', 'echo', { n: 1 })).resolves.toEqual({
      ok: false,
      error: { code: 'tool_error', message: 'one failed' },
    });
    expect(h.dispatched).toEqual([]);
    expect(h.eventTypes()).toEqual(['replay_answered', 'replay_answered']);
  });

  it('flags the first differing call and pauses there like a breakpoint', async () => {
    const h = createRunInterceptorHarness({
      answers: createRecordingAnswers(recording()),
      pauseOnDivergence: true,
    });
    const result = h.call('demo', 'echo', { n: 3 });
    const paused = await h.nextPause();
    expect(paused).toMatchObject({ reason: 'diverged', phase: 'call', input: { n: 3 } });
    expect(paused.detail).toContain('demo.echo({"n":3})');
    expect(paused.detail).toContain('same tool, different input');
    expect(h.events[0]).toMatchObject({ type: 'replay_diverged', callId: 'call-1' });
    h.pauses.resume(paused.pauseId, { action: 'answer', answer: { ok: true, result: 'manual' } });
    await expect(result).resolves.toEqual({ ok: true, result: 'manual' });
  });

  it('fails a differing call without pausing when asked (the CLI)', async () => {
    const h = createRunInterceptorHarness({
      answers: createRecordingAnswers(recording()),
      pauseOnDivergence: false,
    });
    await h.call('demo', 'echo', { n: 1 });
    await h.call('demo', 'echo', { n: 2 });
    await expect(h.call('demo', 'echo', { n: 1 })).resolves.toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('no more tool calls') },
    });
  });
});
