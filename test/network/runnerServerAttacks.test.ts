import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_RUNNER_ENTRY } from '../../scripts/buildRunnerForTests';
import { connectRunnerSocket } from '../../src/main/engine/transports/connectRunnerSocket';
import {
  startRunnerServer,
  type RunnerServerHandle,
} from '../../src/main/programs/runnerServer/startRunnerServer';
import type { DoneMessage, ExecuteMessage, HostToRunnerMessage } from '../../src/shared/protocol/messages';
import { parseRunnerMessage } from '../../src/shared/protocol/parseMessage';
import type { Transport } from '../../src/shared/transport';
import { rawExecute } from '../support/startRawRunner';

const TOKEN = 'attack-token';

function collect(transport: Transport<HostToRunnerMessage>) {
  const seen: Array<Record<string, unknown>> = [];
  const waiters: Array<[(m: Record<string, unknown>) => boolean, (m: Record<string, unknown>) => void]> = [];
  transport.onMessage((raw) => {
    const parsed = parseRunnerMessage(raw);
    if (!parsed.ok) return;
    const message = parsed.message as unknown as Record<string, unknown>;
    seen.push(message);
    for (const [match, resolve] of [...waiters]) if (match(message)) resolve(message);
  });
  return {
    seen,
    next: (match: (m: Record<string, unknown>) => boolean) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const found = seen.find(match);
        if (found) resolve(found);
        else waiters.push([match, resolve]);
      }),
  };
}

describe('WebSocket runner server under attack', () => {
  let server: RunnerServerHandle;
  const log: string[] = [];
  beforeAll(async () => {
    server = await startRunnerServer({
      token: TOKEN,
      runnerEntryPath: TEST_RUNNER_ENTRY,
      spareRunners: 1,
      log: (line) => log.push(line),
    });
  });
  afterAll(() => server.close());
  const connect = () => connectRunnerSocket(server.url, { token: TOKEN });

  it('an execute reusing the active id never ends the first, and its busy runner is never handed to a later client', async () => {
    const first = await connect();
    const firstSeen = collect(first);
    first.send(rawExecute('a', 'await tools.hang(); "first"', 60_000) as unknown as ExecuteMessage);
    const call = await firstSeen.next((m) => m.type === 'tool_call');
    first.send(rawExecute('a', '"again"') as unknown as ExecuteMessage);
    first.send(rawExecute('b', '"other"') as unknown as ExecuteMessage);
    expect(await firstSeen.next((m) => m.type === 'done' && m.id === 'b')).toMatchObject({
      ok: false,
      error: { code: 'internal_error', message: expect.stringMatching(/busy with execution "a"/) },
    });
    first.send({ type: 'tool_result', callId: call.callId as string, ok: true });
    expect(await firstSeen.next((m) => m.type === 'done' && m.id === 'a')).toMatchObject({
      ok: true,
      result: 'first',
    });
    expect(firstSeen.seen.filter((m) => m.type === 'done' && m.id === 'a')).toHaveLength(1);

    // Leave with an execution running after a reused id: the runner is busy and must be stopped.
    first.send(rawExecute('c', 'await tools.hang()', 60_000) as unknown as ExecuteMessage);
    await expect.poll(() => firstSeen.seen.filter((m) => m.type === 'tool_call').length).toBe(2);
    first.send(rawExecute('c', '1') as unknown as ExecuteMessage);
    first.terminate();
    await expect.poll(() => server.connections(), { timeout: 10_000 }).toBe(0);

    for (const id of ['later-1', 'later-2']) {
      const later = await connect();
      const seen = collect(later);
      later.send(rawExecute(id, '1 + 1') as unknown as ExecuteMessage);
      expect((await seen.next((m) => m.type === 'done')) as unknown as DoneMessage).toMatchObject({
        id,
        ok: true,
        result: 2,
      });
      later.terminate();
    }
  });
});
