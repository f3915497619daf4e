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
});
