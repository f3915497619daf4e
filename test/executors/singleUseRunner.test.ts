import { describe, expect, it } from 'vitest';
import {
  createProcessExecutor,
  type ShellSpawnOptions,
  type ShellSpawner,
} from '../../src/main/engine/executors/createProcessExecutor';
import { normalizedCodeSeedEnv } from '../../src/main/engine/executors/normalizedCodeSeed';
import { NORMALIZED_CODE_ENV } from '../../src/runner/normalizedCodeEnv';
import { LOG_STREAM_FLAG } from '../../src/shared/protocol/logStreamMessage';
import { SINGLE_USE_FLAG, singleUseV8Flags } from '../../src/runner/singleUseV8Flags';
import { createFakeRunnerTransport } from './fakeRunnerTransport';

describe('single-use runner processes', () => {
  it('keep QuickJS on the baseline compiler only in a process started for one run', () => {
    expect(singleUseV8Flags(['node', 'runner.cjs', SINGLE_USE_FLAG], false, false)).toEqual([
      '--liftoff-only',
    ]);
    expect(singleUseV8Flags(['node', 'runner.cjs', LOG_STREAM_FLAG], false, false)).toEqual([]);
  });

  it('never change V8 flags from a worker thread or while the build writes the code cache', () => {
    expect(singleUseV8Flags([SINGLE_USE_FLAG], true, false)).toEqual([]);
    expect(singleUseV8Flags([SINGLE_USE_FLAG], false, true)).toEqual([]);
  });

  /** A spawner of fake runners that answer every execute at once, recording what each start was asked. */
  function recordingSpawner(): {
    spawnShell: ShellSpawner;
    seen: Array<[readonly string[], ShellSpawnOptions?]>;
  } {
    const seen: Array<[readonly string[], ShellSpawnOptions?]> = [];
    const spawnShell: ShellSpawner = (_entry, args = [], ...options) => {
      seen.push([args, ...options]);
      const fake = createFakeRunnerTransport();
      const send = fake.transport.send.bind(fake.transport);
      // Answers every execute at once (a pooled shell's warm-up run as well as the real one).
      fake.transport.send = (message) => {
        send(message);
        if (message.type !== 'execute') return;
        queueMicrotask(() => {
          fake.reply({ type: 'started', id: message.id });
          fake.reply({ type: 'done', id: message.id, ok: true, durationMs: 0, logs: [] });
        });
      };
      return fake.transport;
    };
    return { spawnShell, seen };
  }

  it('are asked for by the ephemeral process executor and by no pooled one', async () => {
    const { spawnShell, seen } = recordingSpawner();
    const ephemeral = createProcessExecutor({ spawnShell, mode: 'ephemeral' });
    const pooled = createProcessExecutor({ spawnShell, maxSize: 1 });
    try {
      expect((await ephemeral.execute('1', [])).ok).toBe(true);
      expect(seen.at(-1)![0]).toEqual([LOG_STREAM_FLAG, SINGLE_USE_FLAG]);
      expect((await pooled.execute('1', [])).ok).toBe(true);
      expect(seen.at(-1)![0]).toEqual([LOG_STREAM_FLAG]);
    } finally {
      await Promise.all([ephemeral.dispose(), pooled.dispose()]);
    }
  });

  it('get their code normalized in their environment, only an ephemeral process and only within the bound', async () => {
    const { spawnShell, seen } = recordingSpawner();
    const ephemeral = createProcessExecutor({ spawnShell, mode: 'ephemeral' });
    const pooled = createProcessExecutor({ spawnShell, maxSize: 1 });
    const oversized = `"${'€'.repeat(17_000)}"`;
    try {
      await ephemeral.execute('const n = 6;\nn * 7', []);
      expect(seen.at(-1)).toEqual([
        [LOG_STREAM_FLAG, SINGLE_USE_FLAG],
        { env: normalizedCodeSeedEnv('const n = 6;\nn * 7') },
      ]);
      expect(seen.at(-1)![1]!.env![NORMALIZED_CODE_ENV]).toBeDefined();
      // No seed (the runner normalizes the code, and reports its errors): started as before, no env.
      for (const code of ['1 +', oversized]) {
        await ephemeral.execute(code, []);
        expect(seen.at(-1)).toEqual([[LOG_STREAM_FLAG, SINGLE_USE_FLAG]]);
      }
      const before = seen.length;
      await pooled.execute('const n = 6;\nn * 7', []);
      expect(seen.length).toBeGreaterThan(before);
      expect(seen.slice(before)).toEqual(seen.slice(before).map(() => [[LOG_STREAM_FLAG]]));
    } finally {
      await Promise.all([ephemeral.dispose(), pooled.dispose()]);
    }
  });
});
