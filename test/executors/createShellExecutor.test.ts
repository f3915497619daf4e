import { describe, expect, it } from 'vitest';
import { createShellExecutor } from '../../src/main/engine/executors/createShellExecutor';
import type { HostToRunnerMessage } from '../../src/shared/protocol/messages';
import { createFakeRunnerTransport } from './fakeRunnerTransport';

/** Shells that answer every execute with 42, until `dead`: then they close on the next message, unanswered. */
function createShellFarm() {
  const shells: Array<{ dead: boolean }> = [];
  const spawnShell = () => {
    const fake = createFakeRunnerTransport();
    const shell = { dead: false };
    shells.push(shell);
    const send = fake.transport.send;
    fake.transport.send = (message: HostToRunnerMessage) => {
      send(message);
      if (message.type !== 'execute') return;
      if (shell.dead) {
        setImmediate(() => fake.close('runner exited'));
        return;
      }
      const { id } = message;
      setImmediate(() => {
        fake.reply({ type: 'started', id });
        fake.reply({ type: 'done', id, ok: true, durationMs: 1, logs: [], result: 42 });
      });
    };
    return fake.transport;
  };
  return { shells, spawnShell };
}

describe('createShellExecutor (pooled)', () => {
  it('reaches a fresh runner when every idle one died at once without being noticed yet', async () => {
    const farm = createShellFarm();
    const executor = createShellExecutor(farm.spawnShell, { maxSize: 3 });
    await executor.prewarm(3);
    expect(farm.shells).toHaveLength(3);
    for (const shell of farm.shells) shell.dead = true;

    expect(await executor.execute('40 + 2', [])).toMatchObject({ ok: true, result: 42 });
    expect(farm.shells).toHaveLength(4);
    await executor.dispose();
  });

  it('gives internal_error after a bounded number of attempts when every runner dies on start', async () => {
    const farm = createShellFarm();
    const executor = createShellExecutor(
      () => {
        const transport = farm.spawnShell();
        farm.shells.at(-1)!.dead = true;
        return transport;
      },
      { maxSize: 2 },
    );
    expect(await executor.execute('1', [])).toMatchObject({ ok: false, error: { code: 'internal_error' } });
    expect(farm.shells).toHaveLength(3);
    await executor.dispose();
  });
});
