import { afterEach, describe, expect, it } from 'vitest';
import { rawExecute, startRawRunner, type RawRunner } from '../support/startRawRunner';

const started: RawRunner[] = [];
const start = (): RawRunner => {
  const runner = startRawRunner();
  started.push(runner);
  return runner;
};
afterEach(() => {
  for (const runner of started.splice(0)) runner.child.kill('SIGKILL');
});

describe('stdio runner under attack', () => {
  it('an execute reusing the active id is refused without a done: the running one ends exactly once', async () => {
    const runner = start();
    runner.write(rawExecute('a', 'await tools.hang(); "first"'));
    const call = await runner.next((m) => m.type === 'tool_call');
    runner.write(rawExecute('a', '"second"'));
    runner.write({ type: 'tool_result', callId: call.callId, ok: true });
    expect(await runner.next((m) => m.type === 'done')).toMatchObject({ id: 'a', ok: true, result: 'first' });
    runner.write(rawExecute('b', '"after"'));
    await runner.next((m) => m.type === 'done' && m.id === 'b');
    expect(runner.messages.filter((m) => m.type === 'done' && m.id === 'a')).toHaveLength(1);
    expect(runner.messages.filter((m) => m.type === 'started' && m.id === 'a')).toHaveLength(1);
    expect(runner.stderr()).toMatch(/ignored execute for "a": that execution is already running/);
  });
  it('a cancel during a guest CPU loop is answered by the runner at once, and it serves the next execute', async () => {
    const runner = start();
    runner.write(rawExecute('loop', 'await tools.hang(); while (true) {}', 60_000));
    const call = await runner.next((m) => m.type === 'tool_call');
    runner.write({ type: 'tool_result', callId: call.callId, ok: true });
    runner.write({ type: 'cancel', id: 'loop' });
    expect(await runner.next((m) => m.type === 'done' && m.id === 'loop')).toMatchObject({
      ok: false,
      error: { code: 'timeout' },
    });
    runner.write(rawExecute('next', '"still here"'));
    expect(await runner.next((m) => m.type === 'done' && m.id === 'next')).toMatchObject({ ok: true });
    expect(runner.stderr()).not.toMatch(/ignored cancel/);
  });

  it('messages behind the one that started a CPU loop, in the same chunk, are still read: cancel stops it', async () => {
    const runner = start();
    runner.write(rawExecute('loop', 'await tools.hang(); while (true) {}', 60_000));
    const call = await runner.next((m) => m.type === 'tool_call');
    // One write: the tool result starts the loop, and the cancel and next execute wait behind it.
    runner.write(
      [
        JSON.stringify({ type: 'tool_result', callId: call.callId, ok: true }),
        JSON.stringify({ type: 'cancel', id: 'loop' }),
        JSON.stringify(rawExecute('next', '2')),
      ].join('\n'),
    );
    expect(await runner.next((m) => m.type === 'done' && m.id === 'next')).toMatchObject({
      ok: true,
      result: 2,
    });
    const order = runner.messages.map((m) => `${m.type as string}:${(m.id ?? m.callId) as string}`);
    expect(order).toEqual(['started:loop', 'tool_call:call-1', 'done:loop', 'started:next', 'done:next']);
    expect(runner.messages.find((m) => m.id === 'loop' && m.type === 'done')).toMatchObject({
      error: { code: 'timeout' },
    });
  });

  it('deeply nested JSON.parse is a runtime_error, the runner lives on, and teardown prints no engine assertion', async () => {
    const runner = start();
    runner.write(rawExecute('deep', "JSON.parse('['.repeat(30000))"));
    expect(await runner.next((m) => m.type === 'done' && m.id === 'deep')).toMatchObject({
      ok: false,
      error: { code: 'runtime_error' },
    });
    runner.write(rawExecute('after', '1 + 1'));
    expect(await runner.next((m) => m.type === 'done' && m.id === 'after')).toMatchObject({
      ok: true,
      result: 2,
    });
    runner.child.stdin!.end();
    expect(await runner.exited).toBe(0);
    expect(runner.stderr()).not.toMatch(/Assertion failed|Aborted\(/);
  });

  it('a line longer than the protocol cap is refused and the runner keeps serving', async () => {
    const runner = start();
    const chunk = 'x'.repeat(1024 * 1024);
    for (let i = 0; i < 33; i++) runner.child.stdin!.write(chunk);
    runner.write('');
    runner.write(rawExecute('after', '"fine"'));
    expect(await runner.next((m) => m.type === 'done' && m.id === 'after')).toMatchObject({ ok: true });
    expect(runner.stderr()).toMatch(/a line longer than 33554432 bytes was dropped/);
  });
});
