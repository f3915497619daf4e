import { describe, expect, it } from 'vitest';
import { CONFORMANCE_CASES } from '../../src/main/programs/conformanceKit/conformanceCases';
import { formatConformanceReport } from '../../src/main/programs/conformanceKit/formatConformanceReport';
import { runConformance } from '../../src/main/programs/conformanceKit/runConformance';
import { runnerTarget } from '../../src/main/programs/conformanceKit/runnerTarget';
import { executeMessage, startHost, type TestHost } from '../tap/tapHarness';
import { PYTHON_RUNNER_ARGV, PYTHON_RUNNER_COMMAND, pythonRunnerMissing } from '../support/pythonRunner';

const missing = pythonRunnerMissing();

/** Runs `code` on a fresh Python runner, answering each tool call with `answer`; returns the done. */
async function runOnce(
  code: string,
  answer: (call: Record<string, unknown>) => Record<string, unknown> = (call) => ({
    ok: true,
    result: call.input,
  }),
): Promise<{ done: Record<string, unknown>; host: TestHost }> {
  const host = startHost(PYTHON_RUNNER_ARGV);
  host.send(executeMessage('py-1', code));
  const answered = new Set<unknown>();
  const done = await new Promise<Record<string, unknown>>((resolve) => {
    const loop = async (): Promise<void> => {
      for (;;) {
        const message = await host.next(
          (m) => m.type === 'done' || (m.type === 'tool_call' && !answered.has(m.callId)),
        );
        if (message.type === 'done') return resolve(message);
        answered.add(message.callId);
        host.send({ type: 'tool_result', callId: message.callId, ...answer(message) });
      }
    };
    void loop();
  });
  host.closeStdin();
  expect(await host.exited).toEqual({ code: 0, signal: null });
  return { done, host };
}

describe.skipIf(missing !== undefined)(
  missing ? `the Python example runner (skipped: ${missing})` : 'the Python example runner',
  () => {
    it('passes every case of the conformance kit', async () => {
      const target = runnerTarget({ kind: 'stdio', command: PYTHON_RUNNER_COMMAND });
      const report = await runConformance(target, { concurrency: 2, caseTimeoutMs: 60_000 });
      const failures = report.results.filter((result) => result.status === 'fail');
      expect(failures.length === 0 ? 'all cases pass' : formatConformanceReport(report)).toBe(
        'all cases pass',
      );
      expect(report.results).toHaveLength(CONFORMANCE_CASES.length);
    }, 900_000);

    it('ends the execution with internal_error when a tool_result carries a code outside the protocol', async () => {
      const { done, host } = await runOnce('await tools.echo(1)', () => ({
        ok: false,
        error: { code: 'rate_limited', message: 'slow down' },
      }));
      expect(done).toMatchObject({ id: 'py-1', ok: false, error: { code: 'internal_error' } });
      expect(host.stderr()).toContain('tool_result.error.code must be one of');
    }, 60_000);

    it('refuses a result whose array holds undefined, instead of sending null', async () => {
      const { done } = await runOnce('[undefined, 1]');
      expect(done).toMatchObject({ ok: false, error: { code: 'serialization_error' } });
    }, 60_000);

    it('takes a guest-thrown InternalError("out of memory") for a guest error, not memory_limit', async () => {
      const { done } = await runOnce('throw new InternalError("out of memory")');
      expect(done).toMatchObject({
        ok: false,
        error: { code: 'runtime_error', message: 'out of memory', name: 'InternalError' },
      });
    }, 60_000);

    it('carries NUL, lone surrogates and astral characters both ways, and runs code that returns at top level', async () => {
      const text = 'a\u0000b\ud800c😀';
      const { done } = await runOnce(
        `const back = await tools.echo(${JSON.stringify(text)}); console.log(back); return [back, back.length];`,
      );
      expect(done).toMatchObject({ ok: true, result: [text, text.length], logs: [text] });
    }, 60_000);

    it('copies values out with the original built-ins, whatever the guest replaced', async () => {
      const { done, host } = await runOnce(
        [
          'JSON.stringify = () => \'"forged"\'; JSON.parse = () => "forged"; Object.keys = () => [];',
          'Object.getPrototypeOf = () => null; Array.isArray = () => false;',
          'Object.prototype.toJSON = function () { return "forged" };',
          'const back = await tools.echo({ a: [1, "two"] }); return [back, back.a.length];',
        ].join('\n'),
      );
      expect(host.stdoutText()).toContain('"input":{"a":[1,"two"]}');
      expect(done).toMatchObject({ ok: true, result: [{ a: [1, 'two'] }, 2] });
    }, 60_000);

    it('ignores a line that is not JSON while idle, says so on stderr, and runs the next execute', async () => {
      const host = startHost(PYTHON_RUNNER_ARGV);
      host.write('this is not json\n');
      host.write('{"type":"execute","id":"bad"}\n');
      host.send(executeMessage('after', '6 * 7'));
      expect(await host.next((m) => m.type === 'done')).toMatchObject({ id: 'after', ok: true, result: 42 });
      host.closeStdin();
      expect(await host.exited).toEqual({ code: 0, signal: null });
      expect(host.stderr()).toContain('ignored a malformed host message: a line is not JSON');
      expect(host.stderr()).toContain('ignored a malformed host message: execute.code must be a string');
      expect(host.stdoutText()).not.toContain('"bad"');
    }, 60_000);

    it('refuses an execute that arrived while another ran, even when it reads it after that one ends', async () => {
      const host = startHost(PYTHON_RUNNER_ARGV);
      const busy = executeMessage('busy', 'while (true) {}');
      const late = executeMessage('late', '1');
      // Both in one write: the second arrives while the first loops for two seconds.
      host.write(
        `${JSON.stringify({ ...busy, options: { ...(busy.options as object), timeoutMs: 2000 } })}\n${JSON.stringify(late)}\n`,
      );
      expect(await host.next((m) => m.type === 'done' && m.id === 'late')).toMatchObject({
        ok: false,
        error: {
          code: 'internal_error',
          message: 'runner is busy with execution "busy"; one execution at a time',
        },
      });
      host.closeStdin();
      expect(await host.exited).toEqual({ code: 0, signal: null });
      expect(host.stdoutText()).not.toContain('{"type":"started","id":"late"}');
    }, 60_000);

    it('still answers the execution in flight when stdin ends, then exits', async () => {
      const host = startHost(PYTHON_RUNNER_ARGV);
      host.send({
        ...executeMessage('last', 'while (true) {}'),
        options: { ...(executeMessage('x', '').options as object), timeoutMs: 300 },
      });
      await host.next((m) => m.type === 'started');
      host.closeStdin();
      expect(await host.next((m) => m.type === 'done')).toMatchObject({
        id: 'last',
        ok: false,
        error: { code: 'timeout' },
      });
      expect(await host.exited).toEqual({ code: 0, signal: null });
    }, 60_000);
  },
);
