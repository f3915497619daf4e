import { describe, expect, it, vi } from 'vitest';
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

describe('createShellExecutor pool settings in the shape execbox takes', () => {
  /** Four runs at once on an executor with pool `pool` (maxSize 2) start two shells, no more. */
  const fourRunsOnTwoShells = async (pool: { maxSize: 2; prewarm?: number }) => {
    const farm = createShellFarm();
    const executor = createShellExecutor(farm.spawnShell, { pool });
    await Promise.resolve();
    const results = await Promise.all([1, 2, 3, 4].map(() => executor.execute('40 + 2', [])));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(farm.shells).toHaveLength(2);
    await executor.dispose();
  };

  it('honours pool.maxSize', () => fourRunsOnTwoShells({ maxSize: 2 }));

  it('starts pool.prewarm shells as the executor is made, before any run', async () => {
    const farm = createShellFarm();
    const executor = createShellExecutor(farm.spawnShell, { pool: { maxSize: 3, prewarm: 2 } });
    await vi.waitFor(() => expect(farm.shells).toHaveLength(2));
    await executor.dispose();
  });

  it('runs that come while the prewarmed shells start wait for them, within maxSize', () =>
    fourRunsOnTwoShells({ maxSize: 2, prewarm: 2 }));

  it('prewarm: true starts minSize shells (at least one), capped at maxSize', async () => {
    const farm = createShellFarm();
    const executor = createShellExecutor(farm.spawnShell, {
      pool: { maxSize: 1, minSize: 3, prewarm: true },
    });
    await vi.waitFor(() => expect(farm.shells).toHaveLength(1));
    await executor.dispose();
  });

  it('refuses both shapes at once and a malformed pool, naming the field', () => {
    const farm = createShellFarm();
    const make = (options: Parameters<typeof createShellExecutor>[1]) => () =>
      createShellExecutor(farm.spawnShell, options);
    expect(make({ maxSize: 2, pool: { maxSize: 2 } })).toThrow(/either in pool or as maxSize, not both/);
    expect(make({ pool: {} as never })).toThrow(/pool.maxSize is required/);
    expect(make({ pool: { maxSize: 0 } })).toThrow(/pool.maxSize must be an integer >= 1 \(got 0\)/);
    expect(make({ pool: { maxSize: 1, idleTimeoutMs: -1 } })).toThrow(
      /pool.idleTimeoutMs must be an integer >= 0/,
    );
    expect(make({ pool: { maxSize: 1, prewarm: 'yes' as never } })).toThrow(
      /pool.prewarm must be a boolean or an integer/,
    );
    expect(make({ pool: [] as never })).toThrow(/pool must be an object/);
    expect(farm.shells).toHaveLength(0);
  });
});
