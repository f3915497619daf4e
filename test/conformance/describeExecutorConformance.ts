import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../src/main/engine/core/types';
import type { ExecutorLimits } from '../../src/main/engine/executors/createRuntimeResolver';
import type { ProtocolObservation } from '../../src/main/engine/core/types';
import type { HostEvent } from '../../src/shared/transcript';
import { CONFORMANCE_CASES } from './conformanceCases';
import { PARITY_CASES } from './parityCases';
import { conformanceProviders, createConformanceProbe, type ConformanceProbe } from './conformanceProviders';

export interface ConformanceHarness {
  executor: Executor;
  /** Kills the runner shell(s) this harness started; absent for in-process execution. */
  killRunners?: () => void;
  /** The guest runs on the test's own thread (in-process): nothing can cancel its CPU loop. */
  sharesTestThread?: boolean;
}

/**
 * Runs the whole conformance suite (the case table plus lifecycle cases) against one executor.
 * `makeHarness` is called once; the executor is disposed afterwards.
 */
export interface ConformanceSuiteOptions {
  /**
   * `all` (default) runs every case; `lifecycle` runs the lifecycle cases and the case table's
   * `lifecycle` subset, for shells that differ from a pooled one only in when they start and stop.
   */
  cases?: 'all' | 'lifecycle';
}

export function describeExecutorConformance(
  name: string,
  /** Makes the executor under test; `limits` are runtime limits given at construction. */
  makeHarness: (limits?: ExecutorLimits) => ConformanceHarness | Promise<ConformanceHarness>,
  suite: ConformanceSuiteOptions = {},
): void {
  describe(`conformance: ${name}`, () => {
    let harness: ConformanceHarness;
    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.executor.dispose();
    });

    const run = (
      code: string,
      options: Parameters<Executor['execute']>[2] = {},
      probe = createConformanceProbe(),
    ) => {
      if (harness.killRunners) (probe as ConformanceProbe).killRunner = harness.killRunners;
      return harness.executor.execute(code, conformanceProviders(probe), options);
    };

    // The parity cases run everywhere: an ephemeral shell gets its code normalized by the host.
    const cases = [
      ...(suite.cases === 'lifecycle' ? CONFORMANCE_CASES.filter((c) => c.lifecycle) : CONFORMANCE_CASES),
      ...PARITY_CASES,
    ];
    for (const testCase of cases) {
      it(testCase.name, async () => {
        testCase.check(await run(testCase.code, testCase.options));
      });
    }

    it('starts every execution from fresh state (globals and prototypes)', async () => {
      const code =
        'const seen = [typeof globalThis.leak, typeof ({}).mark]; globalThis.leak = 1; Object.prototype.mark = 1; seen';
      for (let i = 0; i < 3; i++)
        expect(await run(code)).toMatchObject({ ok: true, result: ['undefined', 'undefined'] });
    });

    it('shows the protocol in order: execute, started, tool calls, exactly one done', async () => {
      const seen: ProtocolObservation[] = [];
      const events: HostEvent[] = [];
      const result = await run('await tools.echo(1); await tools.echo(2)', {
        hooks: { onMessage: (m) => seen.push(m), onHostEvent: (e) => events.push(e) },
      });
      expect(result.ok).toBe(true);
      expect(seen.map((m) => m.message.type)).toEqual([
        'execute',
        'started',
        'tool_call',
        'tool_result',
        'tool_call',
        'tool_result',
        'done',
      ]);
      expect(seen.map((m) => m.direction)).toEqual([
        'host_to_runner',
        'runner_to_host',
        'runner_to_host',
        'host_to_runner',
        'runner_to_host',
        'host_to_runner',
        'runner_to_host',
      ]);
      const times = seen.map((m) => m.at);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(events.filter((e) => e.type === 'tool_dispatch_finished')).toHaveLength(2);
    });

    it('cancel before started gives timeout', async () => {
      const controller = new AbortController();
      const pending = run('await tools.echo(1); 1', { signal: controller.signal });
      controller.abort();
      const result = await pending;
      expect(result).toMatchObject({ ok: false, error: { code: 'timeout' } });
    });

    it('cancel while a tool call is pending gives timeout and aborts the tool', async () => {
      const probe = createConformanceProbe();
      const controller = new AbortController();
      const pending = run(
        'await tools.hang({}); "finished"',
        { signal: controller.signal, timeoutMs: 60_000 },
        probe,
      );
      await probe.hangStarted;
      controller.abort();
      expect(await pending).toMatchObject({ ok: false, error: { code: 'timeout' } });
      expect(probe.abortedCalls).toBe(1);
    });

    it('cancel during a guest CPU loop is answered by the runner itself, and the runner is kept', async () => {
      if (harness.sharesTestThread) return;
      const controller = new AbortController();
      const events: HostEvent[] = [];
      const result = await run('await tools.echo(1); while (true) {}', {
        signal: controller.signal,
        timeoutMs: 60_000,
        hooks: {
          onHostEvent: (event) => events.push(event),
          // The runner starts the loop as it takes this result in: cancel lands mid-loop.
          onMessage: ({ message }) => {
            if (message.type === 'tool_result') setImmediate(() => controller.abort());
          },
        },
      });
      expect(result).toMatchObject({ ok: false, error: { code: 'timeout' } });
      expect(events.map((event) => event.type)).not.toContain('hard_kill');
      expect(await run('40 + 2')).toMatchObject({ ok: true, result: 42 });
    });

    it('a timeout while a tool call is pending gives timeout', async () => {
      const probe = createConformanceProbe();
      expect(await run('await tools.hang({})', { timeoutMs: 300 }, probe)).toMatchObject({
        ok: false,
        error: { code: 'timeout' },
      });
    });

    it('works again after cancels and timeouts', async () => {
      expect(await run('await tools.add({ a: 1, b: 2 })')).toMatchObject({ ok: true, result: 3 });
    });

    it('runs several executions concurrently without mixing them up', async () => {
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) => run(`console.log(${i}); await tools.add({ a: ${i}, b: 100 })`)),
      );
      results.forEach((result, i) =>
        expect(result).toMatchObject({ ok: true, result: i + 100, logs: [String(i)] }),
      );
    });

    describe('runtime limits given at construction (the shape execbox takes)', () => {
      const withLimits = async <T>(limits: ExecutorLimits, use: (executor: Executor) => Promise<T>) => {
        const made = await makeHarness(limits);
        try {
          return await use(made.executor);
        } finally {
          await made.executor.dispose();
        }
      };
      const providers = () => conformanceProviders(createConformanceProbe());

      it('apply to every run, and the limits of a run win over them', async () => {
        await withLimits({ timeoutMs: 300, maxLogLines: 2, maxLogChars: 5 }, async (executor) => {
          const code = 'for (let i = 0; i < 5; i++) console.log(i + "abc")';
          expect(await executor.execute(code, providers())).toMatchObject({ ok: true, logs: ['0abc', '1'] });
          expect(
            await executor.execute(code, providers(), {
              maxLogLines: 3,
              maxLogChars: 100,
              timeoutMs: undefined,
            }),
          ).toMatchObject({ ok: true, logs: ['0abc', '1abc', '2abc'] });
          expect(await executor.execute('while (true) {}', providers())).toMatchObject({
            ok: false,
            error: { code: 'timeout' },
          });
        });
      });

      it('a bad limit is refused when the executor is made, naming it', async () => {
        await expect(async () => makeHarness({ timeoutMs: -5 })).rejects.toThrow(
          /timeoutMs must be an integer from 1 to 86400000 \(got -5\)/,
        );
      });

      it('an option that is no runtime limit is still refused per call', async () => {
        await expect(
          harness.executor.execute('1', providers(), { pool: { maxSize: 2 } } as Parameters<
            Executor['execute']
          >[2]),
        ).rejects.toThrow(/unknown runtime option "pool"/);
      });
    });

    it('a runner that dies mid-execution gives internal_error, and the next run works', async () => {
      if (!harness.killRunners) return;
      const result = await run('await tools.die({})', { timeoutMs: 60_000 });
      expect(result).toMatchObject({ ok: false, error: { code: 'internal_error' } });
      expect(await run('40 + 2')).toMatchObject({ ok: true, result: 42 });
    });
  });
}
