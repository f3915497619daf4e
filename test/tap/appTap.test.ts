import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaygroundHost, type PlaygroundHost } from '../../src/main/app/createPlaygroundHost';
import {
  startPlaygroundServer,
  type PlaygroundServer,
} from '../../src/main/faces/browserServer/startPlaygroundServer';
import { parseAppUrl } from '../../src/main/programs/tap/connectAppTap';
import { createDebugService } from '../../src/main/services/debug/createDebugService';
import type { PausedCall } from '../../src/shared/api/debug';
import type { PlaygroundEvent } from '../../src/shared/api/playgroundApi';
import WebSocket from 'ws';
import { TEST_RUNNER_ENTRY } from '../../scripts/buildRunnerForTests';
import { startRunnerServer } from '../../src/main/programs/runnerServer/startRunnerServer';
import { createFakeExecutor, createFakeWorkspaceHost, done } from '../app/fakes';
import {
  buildTapCli,
  executeMessage,
  foreignRunner,
  removeTapCli,
  startHost,
  TAP_CLI,
  tapArgv,
} from './tapHarness';

let dir: string;
let host: PlaygroundHost;
let server: PlaygroundServer;
const events: PlaygroundEvent[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'execbox-app-tap-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>t</title>');
  const workspaceHost = createFakeWorkspaceHost();
  host = createPlaygroundHost({
    workspaceHost,
    createExecutor: () => createFakeExecutor(async () => done()),
    debug: (context) => createDebugService({ launcher: context.launcher, workspaceHost, emit: context.emit }),
  });
  host.onEvent((event) => events.push(event));
  server = await startPlaygroundServer({ host, rendererDir: dir, port: 0, log: () => {} });
  await buildTapCli();
}, 120_000);
afterAll(async () => {
  await server.close();
  await host.dispose();
  await rm(dir, { recursive: true, force: true });
  await removeTapCli();
});

function nextPause(): Promise<PausedCall> {
  return new Promise((resolve) => {
    const stop = host.onEvent((event) => {
      if (event.channel === 'debug' && event.type === 'paused') {
        stop();
        resolve(event.paused);
      }
    });
  });
}

describe('execbox tap --app URL', () => {
  it('streams the session into the app as a run with origin "tap", where a held tool_result is edited', async () => {
    await host.services.debug.addBreakpoint({ providerName: 'tools' });
    const received = join(dir, 'received.bin');
    const transcript = join(dir, 'app.jsonl');
    const tapped = startHost(
      tapArgv(
        ['--app', server.url, '--name', 'foreign session', '--transcript', transcript],
        foreignRunner('ok', received),
      ),
    );
    const callPaused = nextPause();
    tapped.send(executeMessage('app-1', 'return await tools.echo({})'));
    const heldCall = await callPaused;
    expect(heldCall).toMatchObject({ phase: 'call', tap: { direction: 'runner_to_host' } });
    await host.services.debug.resume(heldCall.pauseId, { action: 'continue', pauseOnResult: true });
    const call = await tapped.next((m) => m.type === 'tool_call');

    const resultPaused = nextPause();
    tapped.send({ type: 'tool_result', callId: call.callId, ok: true, result: 'from the host' });
    const heldResult = await resultPaused;
    expect(heldResult).toMatchObject({ phase: 'result', result: { ok: true, result: 'from the host' } });
    await host.services.debug.resume(heldResult.pauseId, {
      action: 'edit_result',
      result: { ok: false, error: { code: 'tool_error', message: 'edited in the app' } },
    });
    expect(await tapped.next((m) => m.type === 'done')).toMatchObject({ ok: true, result: false });
    tapped.closeStdin();
    expect((await tapped.exited).code).toBe(0);

    const sent = await readFile(received, 'utf8');
    expect(sent).toContain('"error":{"code":"tool_error","message":"edited in the app"}');
    expect(sent).not.toContain('from the host');

    const started = events.find(
      (e) => e.channel === 'runs' && e.type === 'started' && e.request.origin?.kind === 'tap',
    );
    expect(started).toMatchObject({ request: { origin: { kind: 'tap', clientName: 'foreign session' } } });
    const runId = (started as { runId: string }).runId;
    await new Promise<void>((resolve) => {
      const finished = () =>
        events.some((e) => e.channel === 'runs' && e.type === 'finished' && e.runId === runId);
      if (finished()) return resolve();
      const stop = host.onEvent(() => finished() && (stop(), resolve()));
    });
    const entries = await host.services.runs.transcript(runId);
    const kinds = entries.map((e) =>
      e.kind === 'message' ? `${e.direction}:${e.message.type}` : e.event.type,
    );
    expect(kinds).toEqual(
      expect.arrayContaining([
        'runner_process_started',
        'host_to_runner:execute',
        'runner_to_host:tool_call',
        'breakpoint_hit',
        'breakpoint_resumed',
        'result_edited',
        'host_to_runner:tool_result',
        'runner_to_host:done',
        'runner_process_exited',
        'run_finished',
      ]),
    );
    // The tap's own transcript says what the person decided.
    expect(await readFile(transcript, 'utf8')).toContain('"type":"result_edited"');
  });

  it('streams each WebSocket session into the app too, where a held tool_call gets another input', async () => {
    const runner = await startRunnerServer({
      token: 'ws-token',
      runnerEntryPath: TEST_RUNNER_ENTRY,
      spareRunners: 1,
    });
    const tap = startHost([
      process.execPath,
      TAP_CLI,
      'tap',
      '--listen',
      '127.0.0.1:0',
      '--to',
      runner.url,
      '--token',
      'ws-token',
      '--app',
      server.url,
      '--name',
      'ws session',
    ]);
    try {
      await expect.poll(() => /listening on (ws:\S+),/.exec(tap.stdoutText())?.[1]).toBeTruthy();
      const url = /listening on (ws:\S+),/.exec(tap.stdoutText())![1]!;
      await host.services.debug.addBreakpoint({ providerName: 'tools' });
      const socket = new WebSocket(url, { headers: { Authorization: 'Bearer ws-token' } });
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      const frames: Array<Record<string, unknown>> = [];
      socket.on('message', (data) => frames.push(JSON.parse(data.toString()) as Record<string, unknown>));
      const paused = nextPause();
      socket.send(
        JSON.stringify(executeMessage('ws-app', 'const r = await tools.echo({ n: 1 }); return r.n;')),
      );
      const held = await paused;
      expect(held).toMatchObject({ phase: 'call', input: { n: 1 }, tap: { direction: 'runner_to_host' } });
      await host.services.debug.resume(held.pauseId, { action: 'edit_input', input: { n: 5 } });
      await expect.poll(() => frames.find((f) => f.type === 'tool_call')).toMatchObject({ input: { n: 5 } });
      const call = frames.find((f) => f.type === 'tool_call')!;
      socket.send(JSON.stringify({ type: 'tool_result', callId: call.callId, ok: true, result: call.input }));
      await expect.poll(() => frames.find((f) => f.type === 'done')).toMatchObject({ ok: true, result: 5 });
      socket.close();
      await expect
        .poll(() =>
          events.some(
            (e) =>
              e.channel === 'runs' &&
              e.type === 'started' &&
              e.request.origin?.kind === 'tap' &&
              e.request.origin.clientName === 'ws session #1',
          ),
        )
        .toBe(true);
    } finally {
      tap.child.kill('SIGTERM');
      await tap.exited;
      await runner.close();
    }
  });

  it('refuses an app URL without a token, or one the app does not know', async () => {
    expect(() => parseAppUrl('http://127.0.0.1:5177/')).toThrow('#token=');
    expect(() => parseAppUrl('ftp://x/#token=a')).toThrow('not an http:// URL');
    expect(parseAppUrl('http://127.0.0.1:5177/#token=abc').api.href).toBe(
      'ws://127.0.0.1:5177/api?token=abc',
    );
    const wrong = startHost(
      tapArgv(['--app', `http://127.0.0.1:${server.port}/#token=wrong`], foreignRunner('ok')),
    );
    expect((await wrong.exited).code).toBe(2);
    expect(wrong.stderr()).toContain('refused the connection: HTTP 401');
  });
});
