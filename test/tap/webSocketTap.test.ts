import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TEST_RUNNER_ENTRY } from '../../scripts/buildRunnerForTests';
import { createTapSession, type TapOutcome } from '../../src/main/programs/tap/createTapSession';
import { startWebSocketTap, type WebSocketTapHandle } from '../../src/main/programs/tap/startWebSocketTap';
import {
  startRunnerServer,
  type RunnerServerHandle,
} from '../../src/main/programs/runnerServer/startRunnerServer';
import { executeMessage } from './tapHarness';

const TOKEN = 'tap-test-token';
const MAX_BYTES = 64 * 1024;

let runner: RunnerServerHandle;
let tap: WebSocketTapHandle;
const outcomes: TapOutcome[] = [];
const ended: Array<() => void> = [];

beforeAll(async () => {
  runner = await startRunnerServer({ token: TOKEN, runnerEntryPath: TEST_RUNNER_ENTRY, spareRunners: 1 });
  tap = await startWebSocketTap({
    to: runner.url,
    token: TOKEN,
    maxMessageBytes: MAX_BYTES,
    maxConnections: 2,
    newConnection: () => ({ session: createTapSession({ name: 'ws', maxMessageBytes: MAX_BYTES }) }),
    onSessionEnd: ({ session }) => {
      outcomes.push(session.finish());
      ended.shift()?.();
    },
  });
});
afterAll(async () => {
  await tap.close();
  await runner.close();
});

const sessionEnd = () => new Promise<void>((resolve) => ended.push(resolve));

/** A host written in the test: raw frames on a WebSocket. */
function connect(url: string, token?: string) {
  const socket = new WebSocket(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const frames: string[] = [];
  const waiters: Array<[(m: Record<string, unknown>) => boolean, (m: Record<string, unknown>) => void]> = [];
  socket.on('message', (data) => {
    const text = data.toString();
    frames.push(text);
    const message = JSON.parse(text) as Record<string, unknown>;
    for (const [match, resolve] of [...waiters]) if (match(message)) resolve(message);
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_req, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    socket.once('error', reject);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return {
    socket,
    frames,
    opened,
    closed,
    send: (text: string) => socket.send(text),
    next: (match: (m: Record<string, unknown>) => boolean) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const found = frames.map((f) => JSON.parse(f) as Record<string, unknown>).find(match);
        if (found) resolve(found);
        else waiters.push([match, resolve]);
      }),
  };
}

describe('execbox tap --listen --to (WebSocket)', () => {
  it('passes a session through to a remote runner unchanged, with the token, and records it', async () => {
    const host = connect(tap.url, TOKEN);
    await host.opened;
    host.send(
      JSON.stringify(executeMessage('ws-1', 'const r = await tools.echo({ n: 2 }); return r.n * 21;')),
    );
    const call = await host.next((m) => m.type === 'tool_call');
    const answer = JSON.stringify({ type: 'tool_result', callId: call.callId, ok: true, result: { n: 2 } });
    host.send(answer);
    expect(await host.next((m) => m.type === 'done')).toMatchObject({ id: 'ws-1', ok: true, result: 42 });
    const end = sessionEnd();
    host.socket.close(1000);
    await end;
    const outcome = outcomes.at(-1)!;
    const messages = outcome.entries.flatMap((entry) => (entry.kind === 'message' ? [entry] : []));
    expect(messages.map((entry) => `${entry.direction}:${entry.message.type}`)).toEqual([
      'host_to_runner:execute',
      'runner_to_host:started',
      'runner_to_host:tool_call',
      'host_to_runner:tool_result',
      'runner_to_host:done',
    ]);
    // What the host got is what the runner sent, frame for frame.
    expect(host.frames.map((frame) => JSON.parse(frame) as unknown)).toEqual(
      messages.filter((entry) => entry.direction === 'runner_to_host').map((entry) => entry.message),
    );
    expect(outcome.findings).toEqual([]);
    expect(outcome.header).toMatchObject({ name: 'ws', executor: 'tap' });
  });

  it('refuses a connection without the token, or with a wrong one, before reaching the runner', async () => {
    await expect(connect(tap.url).opened).rejects.toThrow('HTTP 401');
    await expect(connect(tap.url, 'wrong').opened).rejects.toThrow('HTTP 401');
  });

  it("passes on the runner's own refusal when the token is the tap's but not the runner's", async () => {
    const other = await startWebSocketTap({
      to: runner.url,
      token: 'only-the-taps',
      maxMessageBytes: MAX_BYTES,
      newConnection: () => ({ session: createTapSession() }),
      onSessionEnd: () => {},
    });
    try {
      await expect(connect(other.url, 'only-the-taps').opened).rejects.toThrow('HTTP 401');
    } finally {
      await other.close();
    }
  });

  it('answers 502 when the runner cannot be reached, and 426 to plain HTTP', async () => {
    const dead = await startWebSocketTap({
      to: 'ws://127.0.0.1:1',
      token: TOKEN,
      maxMessageBytes: MAX_BYTES,
      newConnection: () => ({ session: createTapSession() }),
      onSessionEnd: () => {},
    });
    try {
      await expect(connect(dead.url, TOKEN).opened).rejects.toThrow('HTTP 502');
    } finally {
      await dead.close();
    }
    const status = await new Promise<number | undefined>((resolve) =>
      request(tap.url.replace('ws:', 'http:'), (response) => {
        response.resume();
        resolve(response.statusCode);
      }).end(),
    );
    expect(status).toBe(426);
  });

  it('refuses connections past its limit with 503', async () => {
    const first = connect(tap.url, TOKEN);
    const second = connect(tap.url, TOKEN);
    await Promise.all([first.opened, second.opened]);
    await expect(connect(tap.url, TOKEN).opened).rejects.toThrow('HTTP 503');
    const ends = [sessionEnd(), sessionEnd()];
    first.socket.close();
    second.socket.close();
    await Promise.all(ends);
  });

  it('closes a connection that sends a message over the cap (1009), and the runner side with it', async () => {
    const host = connect(tap.url, TOKEN);
    await host.opened;
    const end = sessionEnd();
    host.send('x'.repeat(MAX_BYTES + 1));
    expect((await host.closed).code).toBe(1009);
    await end;
    const closes = outcomes
      .at(-1)!
      .entries.filter((e) => e.kind === 'event' && e.event.type === 'transport_closed');
    expect(closes.length).toBe(2);
  });

  it('records malformed frames and findings, and still forwards them', async () => {
    const host = connect(tap.url, TOKEN);
    await host.opened;
    host.send('{"type":"tool_result","callId":"never-asked","ok":true}');
    host.send('not json');
    const end = sessionEnd();
    host.socket.close(1000);
    await end;
    expect(outcomes.at(-1)!.findings.map((f) => `${f.side}:${f.rule}`)).toEqual([
      'host:tool_result_unknown_call',
      'host:malformed',
    ]);
  });
});
