import { describe, expect, it } from 'vitest';
import { createProcessExecutor, type ShellSpawner } from '../../src/main/executors/createProcessExecutor';
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

  it('are asked for by the ephemeral process executor and by no pooled one', async () => {
    const seen: Array<readonly string[]> = [];
    const spawnShell: ShellSpawner = (_entry, args = []) => {
      seen.push(args);
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
    const ephemeral = createProcessExecutor({ spawnShell, mode: 'ephemeral' });
    const pooled = createProcessExecutor({ spawnShell, maxSize: 1 });
    try {
      expect((await ephemeral.execute('1', [])).ok).toBe(true);
      expect(seen.at(-1)).toEqual([LOG_STREAM_FLAG, SINGLE_USE_FLAG]);
      expect((await pooled.execute('1', [])).ok).toBe(true);
      expect(seen.at(-1)).toEqual([LOG_STREAM_FLAG]);
    } finally {
      await Promise.all([ephemeral.dispose(), pooled.dispose()]);
    }
  });
});
