import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTranscript } from '../../src/shared/transcriptFile';
import { secretMaskToken } from '../../src/shared/secretMaskToken';
import { MASKED_VALUE } from '../../src/shared/transcriptMask';
import { createDebugHostHarness, SECRET, SECRET_NAME } from './debugHostHarness';
import { createScriptedExecutor } from './scriptedExecutor';

const script = (...calls: { provider: string; tool: string; input?: unknown }[]) => JSON.stringify({ calls });
const echo = (input: unknown) => ({ provider: 'demo', tool: 'echo', input });

let harness: Awaited<ReturnType<typeof createDebugHostHarness>>;
afterEach(async () => harness?.dispose());

describe('debug service (host level, scripted executor)', () => {
  it('breaks, lets the user edit the real result, and the run returns the edited value', async () => {
    harness = await createDebugHostHarness(createScriptedExecutor());
    await harness.debug.addBreakpoint({ providerName: 'demo', toolName: 'echo' });
    const paused = harness.nextPause();
    const { runId } = await harness.runs.start({ code: script(echo({ q: 1 })) });
    const atCall = await paused;
    expect(atCall).toMatchObject({ runId, phase: 'call', input: { q: 1 } });
    const atResultPromise = harness.nextPause();
    await harness.debug.resume(atCall.pauseId, { action: 'continue', pauseOnResult: true });
    const atResult = await atResultPromise;
    expect(atResult.result).toEqual({ ok: true, result: { echoed: { q: 1 }, key: SECRET } });
    const finished = harness.finished(runId);
    await harness.debug.resume(atResult.pauseId, {
      action: 'edit_result',
      result: { ok: true, result: 'edited!' },
    });
    expect(await finished).toMatchObject({ ok: true, result: ['edited!'] });
    const transcript = await harness.runs.transcript(runId);
    const types = transcript.flatMap((entry) => (entry.kind === 'event' ? [entry.event.type] : []));
    expect(types).toEqual(expect.arrayContaining(['breakpoint_hit', 'breakpoint_resumed', 'result_edited']));
  });

  it('checks conditions as the user types, with the column of the problem', async () => {
    harness = await createDebugHostHarness(createScriptedExecutor());
    await expect(harness.debug.checkCondition('q == "x"')).resolves.toEqual({ ok: true });
    await expect(harness.debug.checkCondition('q === "x"')).resolves.toMatchObject({ ok: false, column: 5 });
    await expect(harness.debug.addBreakpoint({ condition: 'q ~ 1' })).rejects.toThrow(/breakpoint.condition/);
  });

  it('saves a run into the workspace with secrets and sensitive keys masked, and opens it again', async () => {
    harness = await createDebugHostHarness(createScriptedExecutor());
    const { runId } = await harness.runs.start({ code: script(echo({ token: 'abc', q: 'x' })) });
    await harness.finished(runId);
    const saved = await harness.debug.saveTranscript(runId, { name: 'my run', sensitiveKeys: ['token'] });
    expect(saved.transcriptId).toBe('t1');
    expect(path.dirname(saved.file)).toBe(path.join(harness.dir, 'transcripts'));
    const text = await readFile(saved.file, 'utf8');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('"abc"');
    expect(text).toContain(secretMaskToken(SECRET_NAME));
    expect(text).toContain(MASKED_VALUE);
    expect(await harness.debug.listTranscripts()).toEqual([
      expect.objectContaining({ id: 't1', name: 'my run', file: saved.file }),
    ]);
    // The list says who ran it and how it ended without reading the file.
    const [ref] = await harness.debug.listTranscripts();
    expect(ref?.origin).toEqual({ kind: 'person' });
    expect(ref?.outcome).toMatchObject({ result: { ok: true }, facts: { wallMs: expect.any(Number) } });
    const opened = await harness.debug.openTranscript({ transcriptId: 't1' });
    expect(opened.problems).toEqual([]);
    expect(opened.header).toMatchObject({
      name: 'my run',
      code: script(echo({ token: 'abc', q: 'x' })),
      runId,
    });
    expect(opened.header?.providers.map((provider) => provider.name)).toEqual(['demo']);
    expect(opened.entries.length).toBe((await harness.runs.transcript(runId)).length);
  });

  it('saves to a chosen .jsonl file only, and refuses other paths', async () => {
    harness = await createDebugHostHarness(createScriptedExecutor());
    const { runId } = await harness.runs.start({ code: script() });
    await harness.finished(runId);
    const file = path.join(harness.dir, 'elsewhere', 'run.jsonl');
    const saved = await harness.debug.saveTranscript(runId, { file });
    expect(saved.transcriptId).toBeUndefined();
    expect(parseTranscript(await readFile(file, 'utf8')).problems).toEqual([]);
    expect(harness.transcripts).toEqual([]);
    await expect(harness.debug.saveTranscript(runId, { file })).rejects.toThrow(/already exists/);
    await expect(
      harness.debug.saveTranscript(runId, { file: path.join(harness.dir, 'x.sh') }),
    ).rejects.toThrow(/must end in \.jsonl/);
    await expect(harness.debug.saveTranscript(runId, { file: 'relative.jsonl' })).rejects.toThrow(/absolute/);
    await expect(harness.debug.openTranscript({ file: '/etc/passwd' })).rejects.toThrow(
      /must end in \.jsonl/,
    );
    // A missing file is a sentence naming the file, not an errno.
    const missing = path.join(harness.dir, 'gone.jsonl');
    await expect(harness.debug.openTranscript({ file: missing })).rejects.toThrow(
      `Cannot open ${missing}: there is no such file.`,
    );
  });

  it('opens a broken file as far as it is valid and says where it broke', async () => {
    harness = await createDebugHostHarness(createScriptedExecutor());
    const { runId } = await harness.runs.start({ code: script(echo(1)) });
    await harness.finished(runId);
    const file = path.join(harness.dir, 'cut.jsonl');
    await harness.debug.saveTranscript(runId, { file });
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.slice(0, Math.floor(text.length * 0.7)));
    const opened = await harness.debug.openTranscript({ file });
    expect(opened.header).not.toBeNull();
    expect(opened.entries.length).toBeGreaterThan(0);
    expect(opened.problems).toEqual([
      { line: opened.entries.length + 2, reason: expect.stringContaining('truncated') },
    ]);
  });

  it('exports a self-contained HTML report with secrets masked', async () => {
    harness = await createDebugHostHarness(createScriptedExecutor());
    const { runId } = await harness.runs.start({ code: script(echo('<script>')) });
    await harness.finished(runId);
    const file = path.join(harness.dir, 'report.html');
    const exported = await harness.debug.exportHtml({ runId }, { file, sensitiveKeys: ['key'] });
    expect(exported.file).toBe(file);
    const html = await readFile(file, 'utf8');
    expect(exported.html).toBeUndefined();
    expect(html).toBe((await harness.debug.exportHtml({ runId }, { sensitiveKeys: ['key'] })).html);
    expect(html).not.toContain(SECRET);
    expect(html).not.toContain('<script>');
  });

  it('replays against the recording without calling the provider, and reports a match', async () => {
    harness = await createDebugHostHarness(createScriptedExecutor());
    const { runId } = await harness.runs.start({ code: script(echo(1), echo(2)) });
    const original = await harness.finished(runId);
    const file = path.join(harness.dir, 'rec.jsonl');
    await harness.debug.saveTranscript(runId, { file });
    const replayed = await harness.debug.replay({ file }, 'recording');
    const checked = harness.replayChecked(replayed.runId);
    const result = await harness.finished(replayed.runId);
    expect(await checked).toMatchObject({ ok: true });
    // The recording was masked when saved, so the replay answers with the masked value.
    expect(result).toMatchObject({ ok: true });
    expect(JSON.stringify(result)).toContain(secretMaskToken(SECRET_NAME));
    expect(original.ok).toBe(true);
    const events = (await harness.runs.transcript(replayed.runId)).flatMap((entry) =>
      entry.kind === 'event' ? [entry.event.type] : [],
    );
    expect(events.filter((type) => type === 'replay_answered')).toHaveLength(2);
    expect(events).not.toContain('tool_dispatch_started');
  });

  it('pauses at the first call that differs from the recording and flags it', async () => {
    harness = await createDebugHostHarness(createScriptedExecutor());
    const { runId } = await harness.runs.start({ code: script(echo(1)) });
    await harness.finished(runId);
    const file = path.join(harness.dir, 'rec.jsonl');
    await harness.debug.saveTranscript(runId, { file });
    const text = await readFile(file, 'utf8');
    const header = JSON.parse(text.split('\n')[0]!);
    header.code = script(echo(99));
    await writeFile(file, [JSON.stringify(header), ...text.split('\n').slice(1)].join('\n'));

    const paused = harness.nextPause();
    const replayed = await harness.debug.replay({ file }, 'recording');
    const divergence = await paused;
    expect(divergence).toMatchObject({ runId: replayed.runId, reason: 'diverged', input: 99 });
    expect(divergence.detail).toContain('demo.echo(99)');
    const checked = harness.replayChecked(replayed.runId);
    await harness.debug.resume(divergence.pauseId, {
      action: 'answer',
      answer: { ok: true, result: 'by hand' },
    });
    expect(await checked).toMatchObject({ ok: false, reason: expect.stringContaining('demo.echo(99)') });
    const events = (await harness.runs.transcript(replayed.runId)).flatMap((entry) =>
      entry.kind === 'event' ? [entry.event] : [],
    );
    expect(events).toContainEqual(expect.objectContaining({ type: 'replay_diverged', callId: 'call-1' }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'hand_answered', ok: true }));
  });

  it('replays against a recording whose providers the workspace lacks, answering from the recording', async () => {
    harness = await createDebugHostHarness(createScriptedExecutor());
    const { runId } = await harness.runs.start({ code: script(echo(1)) });
    await harness.finished(runId);
    const file = path.join(harness.dir, 'other.jsonl');
    await harness.debug.saveTranscript(runId, { file });
    harness.setWorkspaceProviders([]);
    const replayed = await harness.debug.replay({ file }, 'recording');
    const checked = harness.replayChecked(replayed.runId);
    expect(await harness.finished(replayed.runId)).toMatchObject({ ok: true });
    expect(await checked).toMatchObject({ ok: true });
    expect(harness.providerCalls).toEqual([1]);
    const opened = await harness.debug.openTranscript({ runId: replayed.runId });
    expect(opened.header?.providers.map((provider) => provider.name)).toEqual(['demo']);
  });

  it('re-runs live with the same code and options, calling the provider', async () => {
    harness = await createDebugHostHarness(createScriptedExecutor(), { timeoutMs: 1234 });
    const { runId } = await harness.runs.start({ code: script(echo(1)) });
    await harness.finished(runId);
    const live = await harness.debug.replay({ runId }, 'live');
    const result = await harness.finished(live.runId);
    expect(result).toMatchObject({ ok: true, result: [{ echoed: 1, key: SECRET }] });
    const opened = await harness.debug.openTranscript({ runId: live.runId });
    expect(opened.header?.options.timeoutMs).toBe(1234);
    expect(opened.header?.code).toBe(script(echo(1)));
  });

  it('cancels a run while a call is paused', async () => {
    harness = await createDebugHostHarness(createScriptedExecutor());
    await harness.debug.addBreakpoint({});
    const paused = harness.nextPause();
    const { runId } = await harness.runs.start({ code: script(echo(1)) });
    await paused;
    const finished = harness.finished(runId);
    await harness.runs.cancel(runId);
    expect(await finished).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(await harness.debug.pausedCalls()).toEqual([]);
  });
});
