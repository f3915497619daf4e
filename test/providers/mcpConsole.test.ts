import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpProviderConfig, ProviderConsoleLine } from '../../src/shared/api/providers';
import type { PlaygroundEvent } from '../../src/shared/api/playgroundApi';
import {
  PROVIDER_CONSOLE_LINE_CHARS,
  PROVIDER_CONSOLE_LINES,
} from '../../src/main/providers/ProviderConsole';
import { secretMaskToken } from '../../src/shared/secretMaskToken';
import { startRendererView, type RendererView } from '../secrets/hostHarness';
import { serverEverythingStdio } from '../support/serverEverything';

const CHATTY = fileURLToPath(new URL('../fixtures/mcp/chattyServer.mjs', import.meta.url));
const TOKEN = 'ch-9Zq2+console/secret';

let view: RendererView | undefined;
afterEach(async () => {
  await view?.dispose();
  view = undefined;
});

function mcp(
  name: string,
  transport: McpProviderConfig['transport'],
  extra: Partial<McpProviderConfig> = {},
) {
  return { id: name, name, kind: 'mcp' as const, transport, ...extra };
}

/** The console as the renderer reads it (masked by the host like every answer). */
async function consoleOf(v: RendererView, id: string): Promise<ProviderConsoleLine[]> {
  return (await v.call('providers', 'consoleLines', id)) as ProviderConsoleLine[];
}

/** Polls the console until `done` holds: lines arrive from another process at their own pace. */
async function consoleWhen(
  v: RendererView,
  id: string,
  done: (lines: ProviderConsoleLine[]) => boolean,
): Promise<ProviderConsoleLine[]> {
  for (;;) {
    const lines = await consoleOf(v, id);
    if (done(lines)) return lines;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function consoleEvents(v: RendererView, id: string) {
  return v.received
    .map((text) => JSON.parse(text) as PlaygroundEvent | { type: 'response' })
    .filter(
      (event): event is Extract<PlaygroundEvent, { type: 'console' }> =>
        'channel' in event &&
        event.channel === 'providers' &&
        event.type === 'console' &&
        event.providerId === id,
    );
}

describe('the per-provider console of an MCP server', { timeout: 90_000 }, () => {
  it("shows server-everything's stderr and its log messages (notifications/message) at the level asked for", async () => {
    view = await startRendererView(
      () => [mcp('everything', serverEverythingStdio(), { logLevel: 'debug' })],
      {},
    );
    const { result } = await view.run('await everything.toggle_simulated_logging({}); return "on";');
    expect(result).toMatchObject({ ok: true, result: 'on' });
    const lines = await consoleWhen(view, 'everything', (got) => got.some((line) => line.source === 'log'));
    expect(lines).toContainEqual(
      expect.objectContaining({
        source: 'stderr',
        text: expect.stringContaining('Starting default (STDIO) server'),
      }),
    );
    const log = lines.find((line) => line.source === 'log')!;
    expect(log.text).toMatch(/^(Debug|Info|Notice|Warning|Error|Critical|Alert|Emergency)[- ]level/i);
    expect(log.level).toMatch(/^(debug|info|notice|warning|error|critical|alert|emergency)$/);
    // The server took the level (a refusal would be noted by the app).
    expect(lines.filter((line) => line.source === 'app')).toEqual([]);
    // The same lines reached the renderer as events, in order and numbered.
    const seqs = () =>
      consoleEvents(view!, 'everything').flatMap((event) => event.lines.map((line) => line.seq));
    await expect.poll(seqs).toEqual(expect.arrayContaining(lines.map((line) => line.seq)));
    expect(seqs()).toEqual([...seqs()].sort((a, b) => a - b));
  });

  it('passes on only the levels at or above the configured one, masks secrets, and cuts long lines', async () => {
    view = await startRendererView(
      () => [
        mcp(
          'chatty',
          {
            type: 'stdio',
            command: process.execPath,
            args: [CHATTY],
            env: { CHATTY_TOKEN: '${secret:CHATTY_TOKEN}' },
          },
          { logLevel: 'warning' },
        ),
      ],
      { CHATTY_TOKEN: TOKEN },
    );
    const { result } = await view.run('return await chatty.chatter({});');
    expect(result).toMatchObject({ ok: true, result: 'chattered' });
    const lines = await consoleWhen(view, 'chatty', (got) =>
      got.some((line) => line.text === 'last stderr line'),
    );

    const logs = lines.filter((line) => line.source === 'log');
    expect(logs.map((line) => line.level)).toEqual([
      'warning',
      'error',
      'critical',
      'alert',
      'emergency',
      'error',
    ]);
    expect(logs[0]).toMatchObject({ logger: 'chatty', text: 'warning message' });
    // Structured log data is shown as JSON, and the secret inside it is masked, as is stderr's.
    const mask = secretMaskToken('CHATTY_TOKEN');
    expect(logs.at(-1)!.text).toBe(JSON.stringify({ auth: `Bearer ${mask}`, attempts: 3 }));
    expect(lines).toContainEqual(
      expect.objectContaining({ source: 'stderr', text: `chatty starting with token ${mask}` }),
    );
    for (const text of view.received) expect(text).not.toContain(TOKEN);

    // A 5,000-character stderr line is cut to a console line's length, and says so.
    const long = lines.filter((line) => line.text.startsWith('xxx'));
    expect(long.map((line) => line.text)).toEqual([`${'x'.repeat(PROVIDER_CONSOLE_LINE_CHARS)}…`]);
  });

  it('keeps only the newest lines of a flood, and clearing empties it for every view', async () => {
    view = await startRendererView(
      () => [mcp('chatty', { type: 'stdio', command: process.execPath, args: [CHATTY] })],
      {},
    );
    const flood = PROVIDER_CONSOLE_LINES * 3;
    const { result } = await view.run(`return await chatty.chatter({ stderrLines: ${flood} });`);
    expect(result).toMatchObject({ ok: true });
    const lines = await consoleWhen(view, 'chatty', (got) => got.at(-1)?.text === 'last stderr line');
    expect(lines).toHaveLength(PROVIDER_CONSOLE_LINES);
    expect(lines.map((line) => line.text)).toContain(`stderr line ${flood}`);
    expect(lines.map((line) => line.text)).not.toContain('stderr line 1');
    for (let i = 1; i < lines.length; i++) expect(lines[i]!.seq).toBe(lines[i - 1]!.seq + 1);

    await view.call('providers', 'clearConsole', 'chatty');
    expect(await consoleOf(view, 'chatty')).toEqual([]);
    await expect.poll(() => consoleEvents(view!, 'chatty').some((event) => event.cleared)).toBe(true);
  });

  it('survives malformed and huge notifications: bad ones are dropped, a huge one is cut, text stays text', async () => {
    view = await startRendererView(
      () => [mcp('chatty', { type: 'stdio', command: process.execPath, args: [CHATTY] })],
      {},
    );
    const { runId, result } = await view.run('return await chatty.hostile({});');
    expect(result).toMatchObject({ ok: true, result: 'survived' });
    const lines = await consoleWhen(view, 'chatty', (got) =>
      got.some((line) => line.text.includes('onerror')),
    );
    const logs = lines.filter((line) => line.source === 'log');
    expect(logs.map((line) => line.text)).not.toContain('bad level');
    expect(logs.map((line) => line.text)).not.toContain('no level');
    const huge = logs.find((line) => line.text.startsWith('{"huge"'))!;
    expect(huge.text).toHaveLength(PROVIDER_CONSOLE_LINE_CHARS + 1);
    expect(logs.at(-1)!.text).toBe('<img src=x onerror=alert(1)>\u001b[31mred');
    // A progress report that is not a number is not recorded; the call's own run is unharmed.
    const entries = (await view.call('runs', 'transcript', runId)) as {
      kind: string;
      event?: { type: string };
    }[];
    expect(entries.filter((entry) => entry.event?.type === 'tool_progress')).toEqual([]);
    // The connection is still good.
    expect((await view.run('return await chatty.chatter({});')).result).toMatchObject({ ok: true });
  });

  it('keeps the console when the provider is edited (the restarted server adds to it)', async () => {
    view = await startRendererView(
      () => [mcp('chatty', { type: 'stdio', command: process.execPath, args: [CHATTY] })],
      {},
    );
    await view.run('return await chatty.chatter({});');
    const before = await consoleWhen(view, 'chatty', (got) =>
      got.some((line) => line.text === 'last stderr line'),
    );
    await view.call(
      'providers',
      'update',
      'chatty',
      mcp('chatty', { type: 'stdio', command: process.execPath, args: [CHATTY] }, { logLevel: 'error' }),
    );
    const after = await consoleWhen(
      view,
      'chatty',
      (got) => got.filter((line) => line.text.startsWith('chatty starting')).length === 2,
    );
    expect(after.slice(0, before.length)).toEqual(before);
  });

  it('refuses an unknown provider with a message naming it', async () => {
    view = await startRendererView(() => [], {});
    const answer = await view.callRaw('providers', 'consoleLines', 'nope');
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.error.message).toContain("no provider has id 'nope'");
    const cleared = await view.callRaw('providers', 'clearConsole', 42);
    expect(cleared.ok).toBe(false);
  });
});
