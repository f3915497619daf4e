import { afterAll, describe, expect, it } from 'vitest';
import { resolveProvider } from '../../src/main/engine/core/resolveProvider';
import { createInProcessExecutor } from '../../src/main/engine/executors/createInProcessExecutor';
import { truncateLogs } from '../../src/runner/truncateLogs';
import { attachRunnerEndpoint } from '../../src/runner/attachRunnerEndpoint';
import { createInMemoryTransportPair } from '../../src/main/engine/transports/createInMemoryTransportPair';
import { LOG_STREAM_MESSAGE_TYPE, type LogStreamMessage } from '../../src/shared/protocol/logStreamMessage';
import { DEFAULT_RUNTIME_OPTIONS } from '../../src/shared/runtimeOptions';

type Sent = { type: string } & Record<string, unknown>;

/** Runs code on a runner endpoint with the log stream, answering tool calls; `stop` ends a guest loop. */
async function streamed(code: string, stop?: (sent: Sent[]) => boolean): Promise<Sent[]> {
  const pair = createInMemoryTransportPair();
  const sent: Sent[] = [];
  // Seen as the runner sends them: the host side hears nothing while the guest holds the thread.
  const send = pair.runner.send.bind(pair.runner);
  pair.runner.send = (message) => {
    sent.push(message as unknown as Sent);
    send(message);
  };
  attachRunnerEndpoint(pair.runner, {
    onDiagnostic: () => {},
    logStream: true,
    ...(stop ? { interruptProbe: () => stop(sent) } : {}),
  });
  const done = new Promise<void>((resolve) =>
    pair.host.onMessage((raw) => {
      const message = raw as Sent;
      if (message.type === 'tool_call')
        pair.host.send({ type: 'tool_result', callId: message.callId as string, ok: true, result: 'ok' });
      if (message.type === 'done') resolve();
    }),
  );
  pair.host.send({
    type: 'execute',
    id: 'exec-1',
    code,
    options: { ...DEFAULT_RUNTIME_OPTIONS, maxLogLines: 100_000, maxLogChars: 1_000_000, timeoutMs: 60_000 },
    providers: [{ name: 'tools', tools: { echo: { safeName: 'echo', originalName: 'echo' } }, types: '' }],
  });
  await done;
  pair.host.dispose();
  return sent;
}

const streamedLines = (sent: Sent[]) =>
  sent
    .filter((m) => m.type === LOG_STREAM_MESSAGE_TYPE)
    .flatMap((m) => (m as unknown as LogStreamMessage).lines);

const executor = createInProcessExecutor();
afterAll(() => executor.dispose());
const providers = [resolveProvider({ name: 'tools', tools: { echo: { execute: (input) => input } } })];

const expected = (count: number, text = (i: number) => `line ${i}`) =>
  Array.from({ length: count }, (_, i) => text(i));

async function logs(
  code: string,
  options: { maxLogLines?: number; maxLogChars?: number; timeoutMs?: number } = {},
) {
  const result = await executor.execute(code, providers, { maxLogLines: 100_000, ...options });
  return { result, logs: result.logs };
}

/** A run that logs many lines keeps them in the guest past the first few (createGuestConsole); nothing shows it but speed. */
describe('console lines kept in the guest', () => {
  it('come out in order, formatted as before, across batches, levels and tool calls', async () => {
    const { result, logs: lines } = await logs(`
      for (let i = 0; i < 700; i++) console.log('line ' + i);
      await tools.echo(1);
      for (let i = 700; i < 1300; i++) (i % 2 ? console.warn : console.info)('line', i);
      console.error({ a: [1, 'x'] }, 1.5, true, undefined, null, new Error('boom'), Symbol('s'));
      'ok'`);
    expect(result).toMatchObject({ ok: true, result: 'ok' });
    expect(lines).toEqual([...expected(1300), '{"a":[1,"x"]} 1.5 true undefined null Error: boom Symbol(s)']);
  });

  it('keep to the caps exactly as lines sent one by one do', async () => {
    const all = expected(3000, (i) => `line ${i} ${'x'.repeat(i % 50)}`);
    const code = `for (let i = 0; i < 3000; i++) console.log('line ' + i + ' ' + 'x'.repeat(i % 50))`;
    for (const caps of [
      { maxLogLines: 600, maxLogChars: 1_000_000 },
      { maxLogLines: 100_000, maxLogChars: 20_000 },
      { maxLogLines: 100, maxLogChars: 64_000 },
    ])
      expect((await logs(code, caps)).logs).toEqual(truncateLogs(all, caps.maxLogLines, caps.maxLogChars));
  });

  it('are kept when a timeout stops the guest with lines still waiting in it, streamed or not', async () => {
    const unstreamed = createInProcessExecutor({ logStream: false });
    for (const runner of [executor, unstreamed]) {
      const result = await runner.execute(
        'for (let i = 0; i < 40; i++) console.log("line " + i); while (true) {}',
        providers,
        { maxLogLines: 1000, timeoutMs: 200 },
      );
      expect(result).toMatchObject({ ok: false, error: { code: 'timeout' }, logs: expected(40) });
    }
    await unstreamed.dispose();
  });

  it('stay the guest’s own lines whatever it does to its prototypes, JSON or console', async () => {
    const { logs: lines } = await logs(`
      const early = console.log;
      Array.prototype.toJSON = function () { return 'hacked'; };
      String.prototype.toJSON = function () { return 'hacked'; };
      JSON.stringify = () => 'hacked';
      Array.prototype.join = () => 'hacked';
      Object.freeze(console);
      for (let i = 0; i < 600; i++) (i % 3 ? console.log : early)('line ' + i);`);
    expect(lines).toEqual(expected(600));
  });

  it('come out exact when a line holds a newline, a lone surrogate or nothing, in any batch', async () => {
    // Unstreamed: every batch crosses whole (loneSurrogates.test.ts covers the streamed paths).
    const unstreamed = createInProcessExecutor({ logStream: false });
    for (const [guest, host] of [
      ["'a\\nb ' + i", (i: number) => `a\nb ${i}`],
      ["'x\\ud800 ' + i", (i: number) => `x\ud800 ${i}`],
      ["''", () => ''],
    ] as const) {
      const result = await unstreamed.execute(
        `for (let i = 0; i < 1600; i++) console.log(i % 300 === 111 ? ${guest} : 'line ' + i)`,
        providers,
        { maxLogLines: 100_000 },
      );
      expect(result).toMatchObject({
        ok: true,
        logs: expected(1600, (i) => (i % 300 === 111 ? host(i) : `line ${i}`)),
      });
    }
    await unstreamed.dispose();
  });

  it('stop being formatted once the caps are full and nothing streams them', async () => {
    const unstreamed = createInProcessExecutor({ logStream: false });
    const result = await unstreamed.execute(
      `let reads = 0;
      const watched = { get x() { reads += 1; return 1; } };
      for (let i = 0; i < 100; i++) console.log('line ' + i);
      for (let i = 0; i < 2000; i++) console.log(watched);
      return reads;`,
      providers,
      { maxLogLines: 50 },
    );
    expect(result).toMatchObject({ ok: true, logs: expected(50) });
    expect(result.ok && (result.result as number)).toBeLessThan(2000);
    await unstreamed.dispose();
  });

  it('stream with their levels, each before the tool call that follows it', async () => {
    const sent = await streamed(`
      for (let i = 0; i < 1200; i++) (i % 2 ? console.warn : console.log)('line ' + i);
      await tools.echo(1);
      for (let i = 1200; i < 1500; i++) console.error('line ' + i);`);
    const level = (i: number) => (i >= 1200 ? 'error' : i % 2 ? 'warn' : 'log');
    expect(streamedLines(sent)).toEqual(expected(1500).map((text, i) => ({ level: level(i), text })));
    const call = sent.findIndex((m) => m.type === 'tool_call');
    expect(streamedLines(sent.slice(0, call))).toHaveLength(1200);
    expect(sent.at(-1)).toMatchObject({ type: 'done', ok: true, logs: expected(1500) });
  });

  it('stream while the guest is busy in a loop, read without running its code', async () => {
    // The loop ends only once all 100 lines went out: without that, the run would spin to its deadline.
    const sent = await streamed(
      'for (let i = 0; i < 100; i++) console.log("line " + i); while (true) {}',
      (s) => streamedLines(s).some((line) => line.text === 'line 99'),
    );
    expect(streamedLines(sent).map((line) => line.text)).toEqual(expected(100));
    expect(sent.at(-1)).toMatchObject({ type: 'done', ok: false, logs: expected(100) });
  });
});
