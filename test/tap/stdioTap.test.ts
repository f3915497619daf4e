import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTranscript } from '../../src/shared/transcriptFile';
import type { TranscriptEntry } from '../../src/shared/transcript';
import {
  buildTapCli,
  removeTapCli,
  executeMessage,
  foreignRunner,
  OWN_RUNNER,
  startHost,
  tapArgv,
  type TestHost,
} from './tapHarness';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'execbox-tap-'));
  await buildTapCli();
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await removeTapCli();
});

async function readSession(file: string) {
  const parsed = parseTranscript(await readFile(file, 'utf8'));
  expect(parsed.problems).toEqual([]);
  const findings = JSON.parse(await readFile(file.replace(/\.jsonl$/, '.findings.json'), 'utf8')) as {
    findings: Array<{ rule: string; side: string; level: string }>;
  };
  return { ...parsed, findings: findings.findings };
}

const kinds = (entries: readonly TranscriptEntry[]) =>
  entries.map((entry) =>
    entry.kind === 'message' ? `${entry.direction}:${entry.message.type}` : `event:${entry.event.type}`,
  );

/** The odd framing a host may send: CRLF, a blank line, a non-JSON line, non-UTF-8 bytes. */
async function oddHostSession(host: TestHost): Promise<void> {
  host.write('\n');
  host.write(`${JSON.stringify(executeMessage('exec-1', 'return await tools.echo({})'))}\r\n`);
  await host.next((m) => m.type === 'tool_call');
  host.write(Buffer.from([0x6e, 0x6f, 0x74, 0x20, 0xff, 0xfe, 0x0a]));
  host.send({ type: 'tool_result', callId: 'call-1', ok: true, result: { text: 'héllo ✓' } });
  await host.next((m) => m.type === 'done');
  host.write('{"type":"cancel","id":"exec-1"} trailing bytes with no newline');
  host.closeStdin();
}

describe('execbox tap over stdio', () => {
  it('is invisible: both sides get the same bytes as in a direct session, stderr and exit code included', async () => {
    const directFile = join(dir, 'direct-received.bin');
    const direct = startHost(foreignRunner('exit3', directFile));
    await oddHostSession(direct);
    const directExit = await direct.exited;

    const tappedFile = join(dir, 'tapped-received.bin');
    const transcript = join(dir, 'odd.jsonl');
    const tapped = startHost(tapArgv(['--transcript', transcript], foreignRunner('exit3', tappedFile)));
    await oddHostSession(tapped);
    const tappedExit = await tapped.exited;

    expect(directExit).toEqual({ code: 3, signal: null });
    expect(tappedExit).toEqual(directExit);
    expect(tapped.received().equals(direct.received())).toBe(true);
    expect((await readFile(tappedFile)).equals(await readFile(directFile))).toBe(true);
    expect(tapped.stderr()).toContain('foreign runner (exit3) says hello on stderr');

    const session = await readSession(transcript);
    expect(kinds(session.entries)).toEqual([
      'event:run_started',
      'event:runner_process_started',
      'host_to_runner:execute',
      'runner_to_host:started',
      'runner_to_host:tool_call',
      'event:malformed_message',
      'host_to_runner:tool_result',
      'runner_to_host:done',
      'event:malformed_message',
      'event:runner_process_exited',
    ]);
    const exited = session.entries.at(-1)!;
    expect(exited.kind === 'event' && exited.event).toEqual({
      type: 'runner_process_exited',
      code: 3,
      signal: null,
    });
    expect(session.header).toMatchObject({ executor: 'tap', code: 'return await tools.echo({})' });
    expect(session.findings.map((finding) => finding.rule)).toEqual(['malformed', 'malformed']);
    expect(tapped.stderr()).toMatch(/execbox tap: host broke a MUST \(malformed\) at entry 5/);
  });

  it("records a session between a host and the project's own runner, which ends when the host closes stdin", async () => {
    const transcript = join(dir, 'own.jsonl');
    const host = startHost(tapArgv(['--transcript', transcript, '--name', 'own runner'], OWN_RUNNER));
    host.send(executeMessage('run-1', 'const a = await tools.echo({ n: 1 }); return a.n + 1;'));
    const call = await host.next((m) => m.type === 'tool_call');
    expect(call).toMatchObject({ providerName: 'tools', safeToolName: 'echo', input: { n: 1 } });
    host.send({ type: 'tool_result', callId: call.callId, ok: true, result: { n: 41 } });
    expect(await host.next((m) => m.type === 'done')).toMatchObject({ id: 'run-1', ok: true, result: 42 });
    host.closeStdin();
    expect(await host.exited).toEqual({ code: 0, signal: null });

    const session = await readSession(transcript);
    expect(session.header).toMatchObject({ name: 'own runner', executor: 'tap' });
    expect(session.header!.providers).toEqual(executeMessage('x', '').providers);
    expect(kinds(session.entries)).toEqual([
      'event:run_started',
      'event:runner_process_started',
      'host_to_runner:execute',
      'runner_to_host:started',
      'runner_to_host:tool_call',
      'host_to_runner:tool_result',
      'runner_to_host:done',
      'event:runner_process_exited',
    ]);
    expect(session.findings).toEqual([]);
    expect(host.stderr()).not.toContain('execbox tap:');
  });

  it('passes a 20 MiB line through whole, both ways, and records it', async () => {
    const received = join(dir, 'big-received.bin');
    const transcript = join(dir, 'big.jsonl');
    const host = startHost(tapArgv(['--transcript', transcript], foreignRunner('big-call', received)));
    host.send(executeMessage('big', 'return 1'));
    const call = await host.next((m) => m.type === 'tool_call');
    expect((call.input as { blob: string }).blob.length).toBe(20 * 1024 * 1024);
    const result = `${JSON.stringify({ type: 'tool_result', callId: 'call-1', ok: true, result: 'r'.repeat(20 * 1024 * 1024) })}\n`;
    host.write(result);
    const done = await host.next((m) => m.type === 'done');
    expect(done.logs).toEqual([`result line was ${result.length - 1} chars`]);
    host.closeStdin();
    await host.exited;
    expect((await readFile(received, 'latin1')).endsWith(result)).toBe(true);
    const session = await readSession(transcript);
    expect(kinds(session.entries)).toContain('host_to_runner:tool_result');
    expect(session.findings).toEqual([]);
  }, 60_000);

  it('forwards a line over the size cap untouched, and records that it went by', async () => {
    const received = join(dir, 'cap-received.bin');
    const transcript = join(dir, 'cap.jsonl');
    const host = startHost(
      tapArgv(['--transcript', transcript, '--max-message-bytes', '2000'], foreignRunner('ok', received)),
    );
    host.send(executeMessage('cap', 'return 1'));
    await host.next((m) => m.type === 'tool_call');
    const over = `${JSON.stringify({ type: 'tool_result', callId: 'call-1', ok: true, result: 'x'.repeat(5000) })}\n`;
    host.write(over);
    await host.next((m) => m.type === 'done');
    host.closeStdin();
    await host.exited;
    expect((await readFile(received, 'utf8')).endsWith(over)).toBe(true);
    const session = await readSession(transcript);
    const event = session.entries.find(
      (entry) => entry.kind === 'event' && entry.event.type === 'malformed_message',
    );
    expect(event?.kind === 'event' && event.event).toMatchObject({
      direction: 'host_to_runner',
      problem: 'too_large',
    });
    expect(session.findings.map((finding) => [finding.side, finding.rule])).toEqual([
      ['host', 'over_size_cap'],
    ]);
  });

  it('reports where either side broke the protocol, beside the transcript and on stderr', async () => {
    const transcript = join(dir, 'bad.jsonl');
    const host = startHost(tapArgv(['--transcript', transcript], foreignRunner('bad')));
    host.send(executeMessage('bad-1', 'return 1'));
    await host.next((m) => m.type === 'progress');
    host.send({ type: 'tool_result', callId: 'nobody-asked', ok: true });
    host.send({ type: 'cancel', id: 'never-started' });
    host.closeStdin();
    await host.exited;
    const session = await readSession(transcript);
    expect(session.findings.map((finding) => `${finding.side}:${finding.rule}`)).toEqual([
      'runner:done_before_started',
      'runner:started_without_execute',
      'runner:done_twice',
      'runner:wrong_direction',
      'runner:unknown_type',
      'host:tool_result_unknown_call',
      'host:cancel_unknown_id',
    ]);
    expect(host.stderr()).toContain('execbox tap: runner broke a MUST (done_twice)');
  });

  it('ends with the runner when it dies mid-call, with its exit code, and says the execution had no done', async () => {
    const transcript = join(dir, 'died.jsonl');
    const host = startHost(tapArgv(['--transcript', transcript], foreignRunner('die')));
    host.send(executeMessage('dies', 'return 1'));
    await host.next((m) => m.type === 'tool_call');
    expect(await host.exited).toEqual({ code: 7, signal: null });
    expect(host.stderr()).toContain('foreign runner: dying mid-call');
    const session = await readSession(transcript);
    const last = session.entries.at(-1)!;
    expect(last.kind === 'event' && last.event).toEqual({
      type: 'runner_process_exited',
      code: 7,
      signal: null,
    });
    expect(session.findings.map((finding) => finding.rule)).toEqual(['ended_without_done']);
  });

  it('dies of the signal that ended the runner', async () => {
    const host = startHost(tapArgv([], foreignRunner('signal')));
    host.send(executeMessage('sig', 'return 1'));
    expect(await host.exited).toEqual({ code: null, signal: 'SIGTERM' });
  });

  it('refuses bad usage before starting anything', async () => {
    const noRunner = startHost([...tapArgv([], []).slice(0, -1)]);
    expect((await noRunner.exited).code).toBe(2);
    expect(noRunner.stderr()).toContain('give the runner command after --');
    const badFolder = startHost(
      tapArgv(['--transcript', join(dir, 'missing', 'x.jsonl')], foreignRunner('ok')),
    );
    expect((await badFolder.exited).code).toBe(2);
    expect(badFolder.stderr()).toContain('--transcript: cannot write in');
    const noToken = startHost(
      [...tapArgv(['--listen', '127.0.0.1:0', '--to', 'ws://127.0.0.1:1'], [])].slice(0, -1),
    );
    expect((await noToken.exited).code).toBe(2);
    expect(noToken.stderr()).toContain('refusing to listen without a token');
    const noTo = startHost([...tapArgv(['--listen', '127.0.0.1:0', '--token', 't'], [])].slice(0, -1));
    expect((await noTo.exited).code).toBe(2);
    expect(noTo.stderr()).toContain('--listen and --to go together');
    const missing = startHost(tapArgv([], [join(dir, 'no-such-runner')]));
    expect((await missing.exited).code).toBe(127);
    expect(missing.stderr()).toContain('could not start');
  });
});
