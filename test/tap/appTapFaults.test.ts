import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import type { AddressInfo } from 'node:net';
import { buildTapCli, executeMessage, foreignRunner, removeTapCli, startHost, tapArgv } from './tapHarness';

beforeAll(() => buildTapCli(), 120_000);
afterAll(() => removeTapCli());

/** An "app" that answers openTap and then sends `afterOpen` instead of RPC messages. */
async function startBadApp(
  afterOpen: string,
): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  const requests: string[] = [];
  server.on('connection', (socket) => {
    socket.on('message', (data) => {
      const request = JSON.parse(data.toString()) as { id: number; method: string };
      requests.push(request.method);
      if (request.method !== 'openTap') return;
      socket.send(
        JSON.stringify({ type: 'response', id: request.id, ok: true, value: { runId: 'bad-app-run' } }),
      );
      socket.send(afterOpen);
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/#token=t`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('execbox tap --app with an app that answers badly', { timeout: 90_000 }, () => {
  it.each([['not JSON at all'], ['null'], ['{"type":"response","id":"one"}']])(
    'reports the app as gone after %s and keeps forwarding the session',
    async (afterOpen) => {
      const app = await startBadApp(afterOpen);
      try {
        const tapped = startHost(tapArgv(['--app', app.url, '--name', 'victim'], foreignRunner('ok')));
        tapped.send(executeMessage('bad-app-1', 'return await tools.echo({})'));
        const call = await tapped.next((m) => m.type === 'tool_call');
        tapped.send({ type: 'tool_result', callId: call.callId, ok: true, result: 'from the host' });
        expect(await tapped.next((m) => m.type === 'done')).toMatchObject({ id: 'bad-app-1', ok: true });
        tapped.closeStdin();
        expect(await tapped.exited).toEqual({ code: 0, signal: null });
        expect(tapped.stderr()).toContain('execbox tap: victim: the app is gone (');
        expect(tapped.stderr()).not.toContain('SyntaxError');
        expect(app.requests[0]).toBe('openTap');
      } finally {
        await app.close();
      }
    },
  );
});
